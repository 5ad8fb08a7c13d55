import WindowKit

/// `onboarding(step)`: one step of four.
enum OnboardingView {
    static func lines(step: OnboardingStep) -> [ScreenLine] {
        let steps = OnboardingStep.allCases
        let number = (steps.firstIndex(of: step) ?? 0) + 1
        return [
            .blank,
            ScreenLine("   Onboarding · step \(number) of \(steps.count): \(step.rawValue)", style: .bold),
            .blank,
            ScreenLine(step == .complete ? "   Enter signs you in." : "   Enter goes on; Esc cancels."),
        ]
    }
}

import WindowKit
import WindowProtocol

/// The body while the app state is `onboarding(step)`: where onboarding is, and what comes next.
enum OnboardingView {
    /// The onboarding screen's lines for `step`.
    static func lines(step: OnboardingStep) -> [ScreenLine] {
        let steps = OnboardingStep.allCases
        let index = steps.firstIndex(of: step)!
        let progress = steps.enumerated().map { position, each in
            let mark = position < index ? "[x]" : position == index ? "[>]" : "[ ]"
            return "\(mark) \(title(each))"
        }
        return [
            .blank,
            ScreenLine(
                LineLayout.margin + "Onboarding · step \(index + 1) of \(steps.count): \(title(step))",
                style: .bold
            ),
            .blank,
            ScreenLine(LineLayout.margin + progress.joined(separator: "   ")),
            .blank,
            ScreenLine(LineLayout.margin + summary(step)),
            .blank,
            ScreenLine(LineLayout.margin + "Next: " + next(step)),
        ]
    }

    /// The step's name for people.
    static func title(_ step: OnboardingStep) -> String {
        switch step {
        case .welcome: return "Welcome"
        case .permissions: return "Permissions"
        case .profileSetup: return "Profile setup"
        case .complete: return "Complete"
        }
    }

    private static func summary(_ step: OnboardingStep) -> String {
        switch step {
        case .welcome: return "Welcome! A short tour of the app comes first."
        case .permissions: return "Grant the permissions the app needs."
        case .profileSetup: return "Set up your profile: name, picture, preferences."
        case .complete: return "All set. Sign in to start."
        }
    }

    private static func next(_ step: OnboardingStep) -> String {
        let steps = OnboardingStep.allCases
        let index = steps.firstIndex(of: step)!
        guard index + 1 < steps.count else { return "winctl login USER" }
        return "winctl transition onboarding \(steps[index + 1].rawValue)"
    }
}

import WindowKit
import WindowTerminal

/// The body of a window for the app state, like the SwiftUI `RootView` that switches on its
/// `AppStateController`: launch, sign-in, onboarding, the window's own content, or the error.
///
/// ```swift
/// let body = RootView.body(for: state, signInName: name) { user in OrderListView.lines(…) }
/// ```
enum RootView {
    /// The body for `state`; `authenticated` builds the signed-in content.
    static func body(for state: AppState, signInName: String, authenticated: (String) -> [ScreenLine]) -> [ScreenLine] {
        switch state {
        case .loading:
            return LaunchView.lines()
        case .unauthenticated:
            return SignInView.lines(name: signInName)
        case .onboarding(let step):
            return OnboardingView.lines(step: step)
        case .authenticated(let user):
            return authenticated(user)
        case .error(let kind):
            return ErrorView.lines(kind: kind)
        }
    }
}

/// `loading`: the launch screen.
enum LaunchView {
    static func lines() -> [ScreenLine] {
        [.blank, ScreenLine("   Loading orders…", style: .bold)]
    }
}

/// `unauthenticated`: the sign-in form, a name and Enter.
enum SignInView {
    static func lines(name: String) -> [ScreenLine] {
        [
            .blank,
            ScreenLine("   Sign in", style: .bold),
            .blank,
            ScreenLine("   Orders are for signed-in users. Type your name and press Enter."),
            .blank,
            ScreenLine("   Name: \(name)_"),
            .blank,
            ScreenLine("   New here? Tab starts onboarding."),
        ]
    }
}

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

/// `error(kind)`: what happened and how to recover.
enum ErrorView {
    static func lines(kind: AppErrorKind) -> [ScreenLine] {
        [
            .blank,
            ScreenLine("   Error: \(kind.rawValue)", style: .bold),
            .blank,
            ScreenLine("   Enter goes back to sign-in."),
        ]
    }
}

import WindowKit

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

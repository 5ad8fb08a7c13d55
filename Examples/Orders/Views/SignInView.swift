import WindowKit

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

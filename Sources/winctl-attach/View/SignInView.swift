import WindowKit

/// The body while the app state is `unauthenticated`: the sign-in screen.
enum SignInView {
    /// The sign-in screen's lines, with the command that signs in.
    static func lines(_ model: PresenterModel) -> [ScreenLine] {
        [
            .blank,
            ScreenLine(LineLayout.margin + "Sign in", style: .bold),
            .blank,
            ScreenLine(LineLayout.margin + "Nobody is signed in. Sign in from any shell:"),
            .blank,
            ScreenLine(LineLayout.margin + "    winctl login USER"),
            .blank,
            ScreenLine(LineLayout.margin + "Every attached window redraws when you do."),
            ScreenLine(LineLayout.margin + "New here? winctl transition onboarding welcome"),
        ]
    }
}

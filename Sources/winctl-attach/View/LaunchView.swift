import WindowKit

/// The body while the app state is `loading`: the launch screen.
enum LaunchView {
    /// The launch screen's lines.
    static func lines(_ model: PresenterModel) -> [ScreenLine] {
        [
            .blank,
            ScreenLine(LineLayout.margin + "Loading…", style: .bold),
            .blank,
            ScreenLine(LineLayout.margin + "windowd is restoring its windows and checking the session."),
            ScreenLine(
                LineLayout.margin
                    + "This window (\(WindowLabel.label(model.window))) shows its content when it is ready."
            ),
        ]
    }
}

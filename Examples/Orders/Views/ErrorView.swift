import WindowKit

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

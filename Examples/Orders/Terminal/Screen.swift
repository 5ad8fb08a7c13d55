import WindowTerminal

/// The terminal as the app draws it: each frame drawn as the rows that changed, in one
/// synchronized update. ``SceneTerminal`` takes the terminal over and gives it back.
///
/// ```swift
/// let screen = Screen()
/// screen.resized()   // on SceneEvent.resized
/// screen.draw(lines)
/// ```
final class Screen {
    /// The terminal mode (raw keys, alternate screen, focus reports).
    let terminal = TerminalMode()
    /// The size, read at start, on SIGWINCH and after a suspend.
    private(set) var size = TerminalSize.fallback
    private var shown: Frame?

    /// Reads the size again and draws the next frame whole.
    func resized() {
        size = TerminalSize.of(terminal.output) ?? size
        shown = nil
    }

    /// Draws `lines` (cut or padded to the screen), writing only what changed.
    func draw(_ lines: [ScreenLine]) {
        guard terminal.isActive else { return }
        let frame = Frame(size: size, lines: lines)
        terminal.write(FrameEncoder.bytes(for: FrameDiff(from: shown, to: frame)))
        shown = frame
    }
}

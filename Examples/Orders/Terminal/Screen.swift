import WindowTerminal

/// The terminal as the app draws it: taken over on ``enter()``, given back on ``leave()``,
/// and each frame drawn as the rows that changed, in one synchronized update.
///
/// ```swift
/// let screen = Screen()
/// guard screen.enter() else { … }
/// screen.draw(lines)
/// screen.leave()
/// ```
final class Screen {
    /// The terminal mode (raw keys, alternate screen, focus reports).
    let terminal = TerminalMode()
    /// The size, read at start and on SIGWINCH.
    private(set) var size = TerminalSize.fallback
    private var shown: Frame?

    /// Takes the terminal over; `false` if standard input is not a terminal.
    func enter() -> Bool {
        guard terminal.enter() else { return false }
        resized()
        return true
    }

    /// Gives the terminal back.
    func leave() {
        terminal.restore()
    }

    /// Reads the size again and draws the next frame whole.
    func resized() {
        size = TerminalSize.of(terminal.output) ?? size
        shown = nil
    }

    /// Draws `lines` (cut or padded to the screen), writing only what changed.
    func draw(_ lines: [ScreenLine]) {
        let frame = Frame(size: size, lines: lines)
        terminal.write(FrameEncoder.bytes(for: FrameDiff(from: shown, to: frame)))
        shown = frame
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal taken over for a full-screen view, and given back exactly as it was.
///
/// ``enter()`` saves the line discipline's settings the first time, then sets raw input,
/// switches to the alternate screen, hides the cursor and asks for focus reports.
/// ``restore()`` undoes all of it; both may be called again (suspend and continue), and
/// ``restore()`` when nothing is taken over does nothing, so every exit path can call it.
public final class TerminalMode {
    /// Where keys and reports come from.
    public let input: Int32
    /// Where the screen is drawn.
    public let output: Int32
    private var original: termios?
    /// Whether the terminal is taken over now.
    public private(set) var isActive = false

    /// The terminal on `input` (keys) and `output` (screen).
    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Takes the terminal over; `false` (and nothing changed) if `input` is not a terminal.
    @discardableResult
    public func enter() -> Bool {
        guard !isActive else { return true }
        if original == nil {
            var current = termios()
            guard tcgetattr(input, &current) == 0 else { return false }
            original = current
        }
        // Raw as cfmakeraw, but output processing stays on: frames position every line anyway.
        var raw = original!
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        // Without ISIG, Ctrl-C and Ctrl-Z arrive as bytes: the presenter leaves and suspends itself,
        // restoring the terminal first.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return false }
        isActive = true
        write(
            ControlSequence.pushTitle + ControlSequence.enterAlternateScreen + ControlSequence.hideCursor
                + ControlSequence.enableFocusReporting)
        return true
    }

    /// Gives the terminal back: normal screen, cursor, no focus reports, the saved settings.
    public func restore() {
        guard isActive else { return }
        isActive = false
        write(
            ControlSequence.endSynchronizedUpdate + ControlSequence.resetStyle + ControlSequence.disableFocusReporting
                + ControlSequence.showCursor + ControlSequence.leaveAlternateScreen + ControlSequence.popTitle)
        if var settings = original {
            // TCSADRAIN: the sequences above reach the terminal before echo comes back.
            _ = tcsetattr(input, TCSADRAIN, &settings)
        }
    }

    /// Writes `text` to the screen, all of it unless the terminal is gone.
    public func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes `bytes` to the screen, all of it unless the terminal is gone.
    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(output, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // A hung-up terminal takes nothing more; there is nobody to tell.
            }
            offset += written
        }
    }
}

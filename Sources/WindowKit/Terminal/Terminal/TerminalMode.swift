package import Glibc
import POSIXSupport

/// The terminal taken over for a full-screen view, and given back exactly as it was.
///
/// ``enter()`` saves the line discipline's settings the first time, then sets raw input,
/// switches to the alternate screen, hides the cursor and asks for focus reports and bracketed
/// paste.
/// ``restore()`` undoes all of it; both may be called again (suspend and continue), and
/// ``restore()`` when nothing is taken over does nothing, so every exit path can call it.
/// A relay (`winctl run`) may take raw input alone first (`enterRawInput()`), before it knows
/// whether it will show anything, and ``enter()`` later.
public final class TerminalMode {
    /// Where keys and reports come from.
    public let input: Int32
    /// Where the screen is drawn.
    public let output: Int32
    private var original: termios?
    /// Whether the terminal is taken over now (its input raw, at least).
    public private(set) var isActive = false
    /// Whether ``enter()``'s sequences (focus reports, the screen) were written since the terminal
    /// was taken over: ``restore()`` undoes them.
    private var announced = false
    /// Whether the screen is the view's (alternate screen, cursor, title), or a relayed
    /// program's, which sets its own modes: then only raw mode and focus reports are taken.
    private let takesScreen: Bool

    /// The terminal on `input` (keys) and `output` (screen).
    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
        takesScreen = true
    }

    /// The terminal on `input` and `output` for a relay to a program on a pseudo-terminal: raw
    /// both ways (the pseudo-terminal does the program's line discipline and output processing)
    /// and focus reports asked for; the screen, its modes and the title left to the program.
    ///
    /// - Parameter settingsBefore: the settings the terminal had before a process that handed it
    ///   over took it raw already (`winctl run`'s front): given back by ``restore()``, instead of
    ///   those read when it is taken over.
    package init(relayingInput input: Int32, output: Int32, settingsBefore: termios? = nil) {
        self.input = input
        self.output = output
        takesScreen = false
        original = settingsBefore
    }

    /// The line discipline's settings from before the terminal was first taken over; `nil` until then.
    package var savedSettings: termios? { original }

    /// Takes the terminal over; `false` (and nothing changed) if `input` is not a terminal.
    @discardableResult
    public func enter() -> Bool {
        guard enterRawInput() else { return false }
        guard !announced else { return true }
        announced = true
        guard takesScreen else {
            write(ControlSequence.enableFocusReporting)
            return true
        }
        write(
            ControlSequence.pushTitle + ControlSequence.enterAlternateScreen + ControlSequence.hideCursor
                + ControlSequence.enableFocusReporting + ControlSequence.enableBracketedPaste
        )
        return true
    }

    /// Sets raw input only, writing nothing: every key typed from now on is read as a byte, and
    /// a terminal given back before ``enter()`` was called has seen nothing else. `false` (and
    /// nothing changed) if `input` is not a terminal.
    @discardableResult
    package func enterRawInput() -> Bool {
        guard !isActive else { return true }
        if original == nil {
            var current = termios()
            guard tcgetattr(input, &current) == 0 else { return false }
            original = current
        }
        var raw = original!
        if takesScreen {
            // Raw as cfmakeraw, but output processing stays on: frames position every line anyway.
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_cflag |= tcflag_t(CS8)
            // Without ISIG, Ctrl-C and Ctrl-Z arrive as bytes: the presenter leaves and suspends
            // itself, restoring the terminal first.
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        } else {
            // The program's pseudo-terminal has done its output processing already.
            raw = TerminalSettings.relayRaw(raw)
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return false }
        isActive = true
        return true
    }

    /// Gives the terminal back: normal screen, cursor, no focus reports, the saved settings.
    public func restore() {
        guard isActive else { return }
        isActive = false
        if announced, takesScreen {
            write(
                ControlSequence.endSynchronizedUpdate + ControlSequence.resetStyle
                    + ControlSequence.disableFocusReporting
                    + ControlSequence.disableBracketedPaste + ControlSequence.showCursor
                    + ControlSequence.leaveAlternateScreen + ControlSequence.popTitle
            )
        } else if announced {
            write(ControlSequence.disableFocusReporting)
        }
        announced = false
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

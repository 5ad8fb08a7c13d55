package import Glibc

/// A terminal's line-discipline settings (`termios`) as `winctl run` hands them over: taken raw
/// by winctl itself, before it asks windowd anything, and passed as text to the presenter it
/// execs, whose program's pseudo-terminal gets the settings from before (winctl(1), "run").
///
/// ```swift
/// let raw = TerminalSettings.relayRaw(saved)          // what the terminal is set to
/// let text = TerminalSettings.text(saved)             // "--terminal-settings=" + text
/// let back = TerminalSettings.settings(fromText: text) // == saved
/// ```
package enum TerminalSettings {
    /// `settings` made raw for a relay to a program on a pseudo-terminal by cfmakeraw(3): every
    /// key a byte, one a read (no echo, no line editing, no signals, no flow control), and no
    /// output processing, which the program's pseudo-terminal has done already; and no parity
    /// check on input, which cfmakeraw leaves as it was.
    package static func relayRaw(_ settings: termios) -> termios {
        var raw = settings
        cfmakeraw(&raw)
        raw.c_iflag &= ~tcflag_t(INPCK)
        return raw
    }

    /// Takes the terminal on standard input raw for a relay (``relayRaw(_:)``) if standard input
    /// and output are both terminals, as `winctl run` relays them; the settings from before, to
    /// give back with ``restore(_:)``, or `nil` if nothing was taken.
    package static func takeStandardInput() -> termios? {
        guard isatty(0) == 1, isatty(1) == 1 else { return nil }
        var before = termios()
        guard tcgetattr(0, &before) == 0 else { return nil }
        var raw = relayRaw(before)
        return tcsetattr(0, TCSANOW, &raw) == 0 ? before : nil
    }

    /// Gives standard input's terminal back the settings `before` (``takeStandardInput()``),
    /// once what was written has reached it.
    package static func restore(_ before: termios) {
        var settings = before
        _ = tcsetattr(0, TCSADRAIN, &settings)
    }

    /// `settings` as text for an argument: their bytes in hexadecimal.
    package static func text(_ settings: termios) -> String {
        withUnsafeBytes(of: settings) { bytes in
            bytes.map { byte in
                let digits = String(byte, radix: 16)
                return byte < 16 ? "0" + digits : digits
            }.joined()
        }
    }

    /// The settings that `text` (from ``text(_:)``) stands for; `nil` if it is not such text.
    package static func settings(fromText text: String) -> termios? {
        let digits = Array(text.utf8)
        guard digits.count == 2 * MemoryLayout<termios>.size else { return nil }
        var settings = termios()
        let complete = withUnsafeMutableBytes(of: &settings) { bytes in
            for index in bytes.indices {
                guard let high = hexValue(digits[2 * index]), let low = hexValue(digits[2 * index + 1]) else {
                    return false
                }
                bytes[index] = high << 4 | low
            }
            return true
        }
        return complete ? settings : nil
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

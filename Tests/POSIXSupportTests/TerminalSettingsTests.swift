import POSIXSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The settings `winctl run` hands from winctl to its presenter (winctl(1), "run"), without a terminal.
@Suite("TerminalSettings: raw for a relay, and as text")
struct TerminalSettingsTests {
    /// Cooked settings as a terminal has them by default.
    private static var cooked: termios {
        var settings = termios()
        settings.c_iflag = tcflag_t(ICRNL | IXON | BRKINT | INPCK)
        settings.c_oflag = tcflag_t(OPOST | ONLCR)
        settings.c_cflag = tcflag_t(CS7 | PARENB | CREAD)
        settings.c_lflag = tcflag_t(ISIG | ICANON | ECHO | ECHOE | IEXTEN)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VINTR)] = 3
            cc[Int(VSUSP)] = 0x1A
            cc[Int(VMIN)] = 4
            cc[Int(VTIME)] = 2
        }
        return settings
    }

    @Test("raw for a relay: no signals, line editing, echo, flow control or output processing; one byte a read")
    func relayRaw() {
        let raw = TerminalSettings.relayRaw(Self.cooked)
        #expect(raw.c_lflag & tcflag_t(ISIG | ICANON | ECHO | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON | BRKINT | INPCK) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        #expect(raw.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8) && raw.c_cflag & tcflag_t(PARENB) == 0)
        #expect(raw.c_cflag & tcflag_t(CREAD) != 0, "what raw mode does not touch stays")
        withUnsafeBytes(of: raw.c_cc) { cc in
            #expect(cc[Int(VMIN)] == 1 && cc[Int(VTIME)] == 0)
            #expect(cc[Int(VINTR)] == 3 && cc[Int(VSUSP)] == 0x1A, "the keys stay, for the settings given back")
        }
    }

    @Test("as text and back: the same bytes; anything else is no settings")
    func text() {
        let text = TerminalSettings.text(Self.cooked)
        #expect(text.count == 2 * MemoryLayout<termios>.size)
        let back = TerminalSettings.settings(fromText: text)
        #expect(back.map { TerminalSettings.text($0) } == text)
        #expect(TerminalSettings.settings(fromText: "") == nil)
        #expect(TerminalSettings.settings(fromText: String(text.dropLast(2))) == nil)
        #expect(TerminalSettings.settings(fromText: "zz" + text.dropFirst(2)) == nil)
    }
}

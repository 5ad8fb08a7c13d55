import POSIXSupport
import Testing
import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// `winctl run` takes its terminal raw before it makes the program's pseudo-terminal (winctl(1),
/// "run"): the pseudo-terminal gets the modes from before, and a terminal given back before the
/// program ran has seen nothing written. A pseudo-terminal stands in for run's terminal.
@Suite("TerminalMode: raw input first, the modes from before for the program's terminal")
struct TerminalModeTests {
    @Test(
        "raw input alone writes nothing; the program's pseudo-terminal made after it has the modes from before; restore gives them back"
    )
    func rawInputFirst() throws {
        let (outer, terminal) = try Self.standIn()
        defer { close(terminal) }
        let before = try Self.settings(terminal)
        try #require(before.c_lflag & tcflag_t(ISIG | ICANON | ECHO) == tcflag_t(ISIG | ICANON | ECHO))

        let mode = TerminalMode(relayingInput: terminal, output: terminal)
        #expect(mode.enterRawInput())
        #expect(try Self.settings(terminal).c_lflag & tcflag_t(ISIG | ICANON | ECHO) == 0, "keys are bytes now")

        let program = try PseudoTerminal(modes: mode.savedSettings, sizeOf: terminal)
        let programTerminal = open(program.slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(programTerminal >= 0)
        defer { close(programTerminal) }
        #expect(
            Self.same(try Self.settings(programTerminal), before),
            "the program's terminal has the modes from before"
        )

        mode.restore()
        #expect(Self.same(try Self.settings(terminal), before), "given back as it was")
        #expect(Self.pending(outer.master).isEmpty, "nothing written: no focus-report request to undo")
    }

    @Test(
        "settings handed over by a process that took the terminal raw already are the ones given back, and the program's terminal's"
    )
    func settingsHandedOver() throws {
        let (outer, terminal) = try Self.standIn()
        defer {
            close(terminal)
            withExtendedLifetime(outer) {}
        }
        let before = try Self.settings(terminal)
        var raw = TerminalSettings.relayRaw(before)
        _ = tcsetattr(terminal, TCSANOW, &raw)

        let mode = TerminalMode(relayingInput: terminal, output: terminal, settingsBefore: before)
        #expect(mode.enterRawInput())
        #expect(Self.same(try #require(mode.savedSettings), before))
        mode.restore()
        #expect(Self.same(try Self.settings(terminal), before), "given back as they were before the hand-over")
    }

    @Test("enter after raw input alone asks for focus reports once; restore turns them off again")
    func enterAfterRawInput() throws {
        let (outer, terminal) = try Self.standIn()
        defer { close(terminal) }
        let before = try Self.settings(terminal)
        // No output processing in the way of the bytes read back.
        var plain = before
        plain.c_oflag &= ~tcflag_t(OPOST)
        _ = tcsetattr(terminal, TCSANOW, &plain)

        let mode = TerminalMode(relayingInput: terminal, output: terminal)
        mode.enterRawInput()
        mode.enter()
        mode.enter()
        #expect(Self.pending(outer.master) == Array(ControlSequence.enableFocusReporting.utf8))
        mode.restore()
        #expect(Self.pending(outer.master) == Array(ControlSequence.disableFocusReporting.utf8))
    }

    @Test("a title holds no control characters and at most 200 characters, however long the value it names")
    func titleIsBounded() {
        #expect(ControlSequence.title("notes a\u{1B}b\u{07}") == "\u{1B}]0;notes ab\u{07}")
        let long = ControlSequence.title("windowd: notes " + String(repeating: "é", count: 60_000))
        #expect(long.unicodeScalars.count == 4 + ControlSequence.titleLimit + 1)
        #expect(long.hasSuffix("é…\u{07}"))
    }

    /// A pseudo-terminal standing in for run's terminal, and its slave side, open.
    private static func standIn() throws -> (outer: PseudoTerminal, terminal: Int32) {
        let outer = try PseudoTerminal(modes: nil, sizeOf: -1)
        let terminal = open(outer.slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw SystemCallError(call: "open \(outer.slavePath)", errno: errno) }
        return (outer, terminal)
    }

    private static func settings(_ terminal: Int32) throws -> termios {
        var settings = termios()
        guard tcgetattr(terminal, &settings) == 0 else { throw SystemCallError(call: "tcgetattr", errno: errno) }
        return settings
    }

    private static func same(_ one: termios, _ other: termios) -> Bool {
        one.c_iflag == other.c_iflag && one.c_oflag == other.c_oflag && one.c_cflag == other.c_cflag
            && one.c_lflag == other.c_lflag
            && withUnsafeBytes(of: one.c_cc) { a in withUnsafeBytes(of: other.c_cc) { b in a.elementsEqual(b) } }
    }

    /// What has been written to the terminal so far, read from its master without waiting.
    private static func pending(_ master: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&ready, 1, 200) == 1, ready.revents & Int16(POLLIN) != 0 {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}

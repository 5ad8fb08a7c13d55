import Testing
import WindowKit
import WindowProtocol

@Suite("TerminalReports: focus reports and Ctrl-Z taken out of the keys, in order")
struct TerminalReportsTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("keys pass through untouched")
    func keysPassThrough() {
        var reports = TerminalReports()
        #expect(reports.feed(bytes("jk\u{1B}[A")) == [.keys(bytes("jk\u{1B}[A"))])
    }

    @Test("focus in and out are taken out between keys, in order")
    func focusBetweenKeys() {
        var reports = TerminalReports()
        #expect(
            reports.feed(bytes("a\u{1B}[Ib\u{1B}[O")) == [.keys(bytes("a")), .focusIn, .keys(bytes("b")), .focusOut]
        )
    }

    @Test("Ctrl-Z is a suspend")
    func ctrlZ() {
        var reports = TerminalReports()
        #expect(reports.feed([0x71, 0x1A]) == [.keys([0x71]), .suspend])
    }

    @Test("a focus report cut between two reads waits for its end", arguments: [1, 2])
    func cutReport(at cut: Int) {
        var reports = TerminalReports()
        let report = bytes("\u{1B}[I")
        #expect(reports.feed(report[..<cut]) == [])
        #expect(reports.feed(report[cut...]) == [.focusIn])
    }

    @Test("another sequence after a cut ESC [ goes on to the keys whole")
    func cutOtherSequence() {
        var reports = TerminalReports()
        #expect(reports.feed(bytes("\u{1B}[")) == [])
        #expect(reports.feed(bytes("B")) == [.keys(bytes("\u{1B}[B"))])
    }

    @Test("focus reports become phases through the phase machine; none while suspended")
    func phases() {
        var reports = TerminalReports()
        var machine = TerminalPhaseMachine(phase: .active)
        let phases = reports.feed(bytes("\u{1B}[O\u{1B}[I\u{1A}\u{1B}[O")).compactMap { piece in
            let signal: TerminalPhaseMachine.Signal? =
                switch piece {
                case .keys: nil
                case .focusIn: .focusIn
                case .focusOut: .focusOut
                case .suspend: .suspend
                }
            return signal.flatMap { machine.handle($0) }
        }
        #expect(phases == [.inactive, .active, .background])
    }
}

/// The input side of `winctl run`: Ctrl-Z a key for the program's own terminal, and a trailing
/// ESC given up on as the Escape key.
@Suite("Terminal reports for a relay")
struct TerminalReportsRelayTests {
    @Test("without takesSuspend, Ctrl-Z is a key")
    func suspendIsAKey() {
        var reports = TerminalReports(takesSuspend: false)
        #expect(reports.feed([0x61, 0x1A, 0x1B, 0x5B, 0x49]) == [.keys([0x61, 0x1A]), .focusIn])
    }

    @Test("a trailing ESC or ESC [ is held, then completed by the next read or released as keys")
    func heldEscape() {
        var reports = TerminalReports(takesSuspend: false)
        #expect(reports.feed([0x78, 0x1B]) == [.keys([0x78])])
        #expect(reports.isHolding)
        #expect(reports.feed([0x5B]) == [])
        #expect(reports.feed([0x4F, 0x79]) == [.focusOut, .keys([0x79])])
        #expect(!reports.isHolding)
        #expect(reports.feed([0x1B]) == [])
        #expect(reports.release() == [0x1B])
        #expect(!reports.isHolding)
    }
}

import Testing
import WindowKit

/// What `winctl run` learns from its program's output: whether it asked for focus reports, and
/// which modes it would leave on if hung up.
@Suite("Terminal mode tracker: CSI ? N h / l in a program's output")
struct TerminalModeTrackerTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("on and off, alone and among other private modes")
    func onAndOff() {
        var tracker = TerminalModeTracker()
        #expect(tracker.scan(Self.bytes("hello \u{1B}[?1004h world")) == [true])
        #expect(tracker.isEnabled)
        #expect(tracker.scan(Self.bytes("\u{1B}[?1004h")) == [], "no change, no report")
        #expect(tracker.scan(Self.bytes("\u{1B}[?2004;1004l")) == [false])
        #expect(tracker.scan(Self.bytes("\u{1B}[?1049h\u{1B}[?1;1004;25h\u{1B}[?1004l")) == [true, false])
        #expect(!tracker.isEnabled)
    }

    @Test("other sequences are not focus modes: 1004 without ?, 10040, other finals, SGR")
    func otherSequences() {
        var tracker = TerminalModeTracker()
        #expect(
            tracker.scan(Self.bytes("\u{1B}[1004h\u{1B}[?10040h\u{1B}[?1004s\u{1B}[38;5;1004m\u{1B}[?1004 h")) == []
        )
        #expect(!tracker.isEnabled)
    }

    @Test("a sequence cut anywhere between two writes is followed across them")
    func splitAcrossReads() {
        let whole = Self.bytes("ab\u{1B}[?25;1004hcd")
        for cut in 0...whole.count {
            var tracker = TerminalModeTracker()
            let changes = tracker.scan(Array(whole[..<cut])) + tracker.scan(Array(whole[cut...]))
            #expect(changes == [true], "cut at \(cut)")
        }
        var byByte = TerminalModeTracker()
        #expect(Self.bytes("\u{1B}[?1004h\u{1B}[?1004l").flatMap { byByte.scan([$0]) } == [true, false])
    }

    @Test("an ESC inside a sequence starts a new one; CAN abandons it")
    func interrupted() {
        var tracker = TerminalModeTracker()
        #expect(tracker.scan(Self.bytes("\u{1B}[?10\u{1B}[?1004h")) == [true])
        #expect(tracker.scan(Self.bytes("\u{1B}[?1004\u{18}l")) == [], "cancelled")
        #expect(tracker.isEnabled)
    }

    @Test("what a program left on is turned off, the alternate screen last; what it turned off again is not")
    func modesLeftOn() {
        var tracker = TerminalModeTracker()
        #expect(tracker.modesOff.isEmpty)
        _ = tracker.scan(
            Self.bytes("\u{1B}[?1049h\u{1B}[?1000;1006h\u{1B}[?25l\u{1B}=\u{1B}[?2004h\u{1B}[?1h\u{1B}[?1004h")
        )
        #expect(
            tracker.modesOff
                == Self.bytes(
                    "\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?1l\u{1B}[?1049l\u{1B}[?25h\u{1B}>"
                ),
            "focus reports are the relay's, not among them"
        )
        _ = tracker.scan(Self.bytes("\u{1B}[?1000;1006;2004;1l\u{1B}[?25h\u{1B}>\u{1B}[?1049l"))
        #expect(tracker.modesOff.isEmpty, "a program that cleaned up leaves nothing to do")
    }

    @Test("the modes are followed across cut writes; other sequences change none")
    func modesAcrossWrites() {
        let whole = Self.bytes("x\u{1B}[?47h\u{1B}[?1002hy\u{1B}=")
        for cut in 0...whole.count {
            var tracker = TerminalModeTracker()
            _ = tracker.scan(Array(whole[..<cut]))
            _ = tracker.scan(Array(whole[cut...]))
            #expect(tracker.modesOff == Self.bytes("\u{1B}[?1002l\u{1B}[?47l\u{1B}>"), "cut at \(cut)")
        }
        var tracker = TerminalModeTracker()
        _ = tracker.scan(Self.bytes("\u{1B}[1049h\u{1B}[?10490h\u{1B}[?1049s\u{1B}[25l\u{1B}[=1h\u{1B}[?99999999h"))
        #expect(tracker.modesOff.isEmpty)
    }

    @Test(
        "what an OSC, DCS or APC string holds sets no mode, ended by BEL or ST; an ESC ESC in a DCS is passed through; another ESC ends the string and starts a sequence, as in tmux; cut anywhere"
    )
    func strings() {
        let whole = Self.bytes(
            "\u{1B}]0;[?1000h\u{07}\u{1B}Ptmux;\u{1B}\u{1B}[?1049h\u{1B}\\\u{1B}P1q\u{1B}\u{1B}[?1004h\u{1B}\\"
                + "\u{1B}_x\u{1B}\\\u{1B}]2;\u{1B}[?1002h\u{07}"
        )
        for cut in 0...whole.count {
            var tracker = TerminalModeTracker()
            let changes = tracker.scan(Array(whole[..<cut])) + tracker.scan(Array(whole[cut...]))
            #expect(changes.isEmpty, "cut at \(cut)")
            #expect(tracker.modesOff == Self.bytes("\u{1B}[?1002l"), "cut at \(cut)")
        }
    }
}

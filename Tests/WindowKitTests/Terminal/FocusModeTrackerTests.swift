import Testing
import WindowKit

/// What `winctl run` learns from its program's output: whether it asked for focus reports.
@Suite("Focus mode tracker: CSI ? 1004 h / l in a program's output")
struct FocusModeTrackerTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("on and off, alone and among other private modes")
    func onAndOff() {
        var tracker = FocusModeTracker()
        #expect(tracker.scan(Self.bytes("hello \u{1B}[?1004h world")) == [true])
        #expect(tracker.isEnabled)
        #expect(tracker.scan(Self.bytes("\u{1B}[?1004h")) == [], "no change, no report")
        #expect(tracker.scan(Self.bytes("\u{1B}[?2004;1004l")) == [false])
        #expect(tracker.scan(Self.bytes("\u{1B}[?1049h\u{1B}[?1;1004;25h\u{1B}[?1004l")) == [true, false])
        #expect(!tracker.isEnabled)
    }

    @Test("other sequences are not focus modes: 1004 without ?, 10040, other finals, SGR")
    func otherSequences() {
        var tracker = FocusModeTracker()
        #expect(
            tracker.scan(Self.bytes("\u{1B}[1004h\u{1B}[?10040h\u{1B}[?1004s\u{1B}[38;5;1004m\u{1B}[?1004 h")) == []
        )
        #expect(!tracker.isEnabled)
    }

    @Test("a sequence cut anywhere between two writes is followed across them")
    func splitAcrossReads() {
        let whole = Self.bytes("ab\u{1B}[?25;1004hcd")
        for cut in 0...whole.count {
            var tracker = FocusModeTracker()
            let changes = tracker.scan(Array(whole[..<cut])) + tracker.scan(Array(whole[cut...]))
            #expect(changes == [true], "cut at \(cut)")
        }
        var byByte = FocusModeTracker()
        #expect(Self.bytes("\u{1B}[?1004h\u{1B}[?1004l").flatMap { byByte.scan([$0]) } == [true, false])
    }

    @Test("an ESC inside a sequence starts a new one; CAN abandons it")
    func interrupted() {
        var tracker = FocusModeTracker()
        #expect(tracker.scan(Self.bytes("\u{1B}[?10\u{1B}[?1004h")) == [true])
        #expect(tracker.scan(Self.bytes("\u{1B}[?1004\u{18}l")) == [], "cancelled")
        #expect(tracker.isEnabled)
    }
}

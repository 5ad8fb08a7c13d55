import Testing
import WindowTerminal

@Suite("Input decoder: keys and focus reports in raw mode")
struct InputDecoderTests {
    func decode(_ chunks: [String]) -> [InputEvent] {
        var decoder = InputDecoder()
        return chunks.flatMap { decoder.feed(Array($0.utf8)) }
    }

    @Test("focus in and out, as xterm and tmux report them")
    func focus() {
        #expect(decode(["\u{1B}[I\u{1B}[O"]) == [.focusIn, .focusOut])
    }

    @Test("a report cut between two reads is kept until it is whole")
    func split() {
        #expect(decode(["\u{1B}", "[", "I"]) == [.focusIn])
        #expect(decode(["x\u{1B}[", "Oq"]) == [.other, .focusOut, .detach])
    }

    @Test("keys: q, Ctrl-C, Ctrl-Z, Tab, Shift-Tab, Ctrl-L")
    func keys() {
        #expect(decode(["q", "\u{03}", "\u{1A}", "\t", "\u{1B}[Z", "\u{0C}"]) == [.detach, .interrupt, .suspend, .nextPanel, .previousPanel, .redraw])
    }

    @Test("other sequences and the Escape key are one event each and swallow nothing after them")
    func otherSequences() {
        #expect(decode(["\u{1B}[A\u{1B}[1;5C\u{1B}OPq"]) == [.other, .other, .other, .detach])
        #expect(decode(["\u{1B}q"]) == [.other, .detach])
    }
}

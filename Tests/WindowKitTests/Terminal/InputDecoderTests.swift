import Testing
import WindowKit

@Suite("Input decoder: keys, pastes and focus reports in raw mode")
struct InputDecoderTests {
    func decode(_ chunks: [String]) -> [Key] {
        var decoder = InputDecoder()
        return chunks.flatMap { decoder.feed(Array($0.utf8)) }
    }

    @Test("printable text, one character each, UTF-8 decoded")
    func characters() {
        #expect(
            decode(["a Q7~"]) == [.character("a"), .character(" "), .character("Q"), .character("7"), .character("~")]
        )
        #expect(decode(["é€😀"]) == [.character("é"), .character("€"), .character("😀")])
    }

    @Test("a character cut between two reads waits for its other bytes")
    func cutCharacter() {
        let euro = Array("€".utf8)
        var decoder = InputDecoder()
        #expect(decoder.feed(euro.prefix(2)) == [])
        #expect(decoder.isHolding)
        #expect(decoder.feed(euro.suffix(1)) == [.character("€")])
    }

    @Test("Enter, Tab, Backspace and Ctrl with a letter")
    func controls() {
        #expect(decode(["\r\n\t\u{7F}\u{08}"]) == [.enter, .enter, .tab, .backspace, .backspace])
        #expect(
            decode(["\u{03}\u{1A}\u{0C}\u{01}\u{00}\u{1F}"]) == [
                .control("c"), .control("z"), .control("l"), .control("a"), .control("@"), .control("_"),
            ]
        )
    }

    @Test("arrows, Home, End and the editing keys, in normal and application cursor mode")
    func navigation() {
        #expect(decode(["\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"]) == [.up, .down, .right, .left])
        #expect(
            decode(["\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}OH\u{1B}OF"]) == [.up, .down, .right, .left, .home, .end]
        )
        #expect(
            decode(["\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"]) == [.home, .end, .home, .end, .home, .end]
        )
        #expect(
            decode(["\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[Z"]) == [
                .insert, .delete, .pageUp, .pageDown, .backTab,
            ]
        )
    }

    @Test("function keys F1 to F12")
    func functionKeys() {
        #expect(
            decode(["\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[21~\u{1B}[23~\u{1B}[24~"]) == [
                .function(1), .function(4), .function(5), .function(6), .function(10), .function(11), .function(12),
            ]
        )
    }

    @Test("focus in and out, as xterm and tmux report them")
    func focus() {
        #expect(decode(["\u{1B}[I\u{1B}[O"]) == [.focusIn, .focusOut])
    }

    @Test("a sequence cut between two reads is kept until it is whole")
    func split() {
        #expect(decode(["\u{1B}", "[", "A"]) == [.up])
        #expect(decode(["x\u{1B}[", "Oq"]) == [.character("x"), .focusOut, .character("q")])
    }

    @Test("the Escape key: before other bytes at once, alone at the end of a read once flushed")
    func escape() {
        #expect(decode(["\u{1B}q"]) == [.escape, .character("q")])
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isHolding)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isHolding)
        #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test("sequences it does not know are one unknown key each and swallow nothing after them")
    func unknownSequences() {
        #expect(decode(["\u{1B}[1;5Cq"]) == [.unknown(Array("\u{1B}[1;5C".utf8)), .character("q")])
        #expect(
            decode(["\u{1B}[99~\u{1B}OXq"]) == [
                .unknown(Array("\u{1B}[99~".utf8)), .unknown(Array("\u{1B}OX".utf8)), .character("q"),
            ]
        )
    }

    @Test("a bracketed paste is one value, its newlines and escapes included")
    func paste() {
        #expect(
            decode(["a\u{1B}[200~line 1\nq\u{1B}[A\u{1B}[201~b"]) == [
                .character("a"), .paste("line 1\nq\u{1B}[A"), .character("b"),
            ]
        )
    }

    @Test("a paste cut anywhere, its end marker too, is still one value")
    func cutPaste() {
        let bytes = Array("\u{1B}[200~héllo\u{1B}[201~".utf8)
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            let keys = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
            #expect(keys == [.paste("héllo")], "cut at \(cut)")
            #expect(!decoder.isHolding)
        }
    }

    @Test("a paste never ended is given up on flush, as the text so far")
    func unendedPaste() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)) == [])
        #expect(decoder.isHolding && decoder.isInPaste)
        #expect(decoder.flush() == [.paste("abc")])
    }
}

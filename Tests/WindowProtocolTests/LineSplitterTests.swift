import Testing
import WindowProtocol

/// The limit excludes the line ending (`\n` or `\r\n`), a line over it is refused and
/// skipped while the lines after it are read, and a byte order mark at a line's start is dropped.
@Suite("LineSplitter")
struct LineSplitterTests {
    private static func line(_ text: String) -> LineSplitter.Frame { .line(Array(text.utf8)) }

    @Test("a line of exactly the limit is accepted with \\n and with \\r\\n; one byte more is not")
    func limitExcludesTheLineEnding() {
        var splitter = LineSplitter(maximum: 4)
        #expect(splitter.feed(Array("abcd\n".utf8)) == [Self.line("abcd")])
        #expect(splitter.feed(Array("abcd\r\n".utf8)) == [Self.line("abcd")])
        #expect(splitter.feed(Array("abcde\n".utf8)) == [.oversize])
        #expect(splitter.feed(Array("abcd\r\r\n".utf8)) == [.oversize], "only one \\r belongs to the line ending")
    }

    @Test("\\r\\n at the limit split across reads: the \\r may wait for its \\n")
    func crlfAcrossReads() {
        var splitter = LineSplitter(maximum: 4)
        #expect(splitter.feed(Array("abcd\r".utf8)) == [])
        #expect(splitter.feed(Array("\n".utf8)) == [Self.line("abcd")])
        #expect(splitter.feed(Array("ab".utf8)) == [])
        #expect(splitter.feed(Array("cd\r".utf8)) == [])
        #expect(splitter.feed(Array("\nef\n".utf8)) == [Self.line("abcd"), Self.line("ef")])
        #expect(splitter.feed(Array("abcd\r".utf8)) == [])
        #expect(splitter.feed(Array("x".utf8)) == [.oversize], "a \\r not followed by \\n is part of the line")
        #expect(splitter.feed(Array("yz\nok\n".utf8)) == [Self.line("ok")])
    }

    @Test("an oversize line is refused once, skipped to its end, and the next line is read")
    func oversizeIsSkipped() {
        var whole = LineSplitter(maximum: 4)
        #expect(whole.feed(Array("abcdefgh\nok\n".utf8)) == [.oversize, Self.line("ok")])
        // Refused as soon as it is too long, before its end has come; its rest is dropped.
        var pieces = LineSplitter(maximum: 4)
        #expect(pieces.feed(Array("ab".utf8)) == [])
        #expect(pieces.feed(Array("cdefg".utf8)) == [.oversize])
        #expect(pieces.feed(Array("hijklmnopq".utf8)) == [])
        #expect(pieces.feed(Array("rst\nab".utf8)) == [])
        #expect(pieces.feed(Array("\n".utf8)) == [Self.line("ab")])
        var two = LineSplitter(maximum: 2)
        #expect(two.feed(Array("xxx\nyyy\nzz\n".utf8)) == [.oversize, .oversize, Self.line("zz")])
    }

    @Test("handed to the next process in the middle of an oversize line, the rest of it is skipped there too")
    func skippingAcrossAHandOff() {
        var before = LineSplitter(maximum: 4)
        #expect(before.feed(Array("abcdefg".utf8)) == [.oversize])
        let handed = before.takePartialLine()
        #expect(handed == LineSplitter.skippingMark)
        var after = LineSplitter(maximum: 4)
        after.restore(partialLine: handed)
        #expect(after.feed(Array("hij\nok\n".utf8)) == [Self.line("ok")], "no second refusal, no parse of the tail")
        var plain = LineSplitter(maximum: 4)
        plain.restore(partialLine: Array("ab".utf8))
        #expect(plain.feed(Array("c\n".utf8)) == [Self.line("abc")])
    }

    @Test("a UTF-8 byte order mark at the start of a line is dropped; elsewhere it stays")
    func byteOrderMark() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var splitter = LineSplitter(maximum: 100)
        #expect(splitter.feed(mark + Array("{}\r\n".utf8)) == [Self.line("{}")])
        #expect(
            splitter.feed(Array("{".utf8) + mark + Array("}\n".utf8)) == [
                .line(Array("{".utf8) + mark + Array("}".utf8))
            ]
        )
        #expect(splitter.feed(mark.prefix(2)) == [])
        #expect(splitter.feed(mark.suffix(1) + Array("[]\n".utf8)) == [Self.line("[]")], "a mark split across reads")
    }

    @Test("empty lines are lines: \\n, \\r\\n, and a line that is only a byte order mark")
    func emptyLines() {
        var splitter = LineSplitter(maximum: 4)
        #expect(splitter.feed(Array("\n\r\n".utf8)) == [.line([]), .line([])])
        #expect(splitter.feed([0xEF, 0xBB, 0xBF] + Array("\nab\n\n".utf8)) == [.line([]), Self.line("ab"), .line([])])
        #expect(splitter.takePartialLine() == [], "nothing waits after a final \\n")
    }

    @Test("the splitter frames like this: \\r\\n, empty lines, a tail waits")
    func framing() {
        var splitter = LineSplitter(maximum: 4)
        #expect(splitter.feed(Array("ab\r\n\ncd\nef".utf8)) == [Self.line("ab"), .line([]), Self.line("cd")])
        #expect(splitter.takePartialLine() == Array("ef".utf8))
        var tail = LineSplitter(maximum: 4)
        #expect(tail.feed(Array("abcd\nabcdef".utf8)) == [Self.line("abcd"), .oversize])
        var pieces = LineSplitter(maximum: 100)
        #expect(pieces.feed(Array(#"{"a":"#.utf8)) == [])
        #expect(pieces.feed(Array("1}\n".utf8)) == [Self.line(#"{"a":1}"#)])
    }

    @Test("fed one byte at a time, the lines are those of one read: split across reads changes nothing")
    func oneByteAtATime() {
        let stream = Array("ab\r\n\u{FEFF}c\n\nabcd\nabcde\nok\r\n".utf8)
        var whole = LineSplitter(maximum: 4)
        let expected = whole.feed(stream)
        #expect(
            expected == [Self.line("ab"), Self.line("c"), .line([]), Self.line("abcd"), .oversize, Self.line("ok")]
        )
        var bytewise = LineSplitter(maximum: 4)
        #expect(stream.flatMap { bytewise.feed([$0]) } == expected)
    }

    @Test(
        "a line of exactly the limit split across reads is accepted; one byte over is refused, and the next line reads normally"
    )
    func limitAcrossReads() {
        var splitter = LineSplitter(maximum: 4)
        #expect(splitter.feed(Array("ab".utf8)) == [])
        #expect(splitter.feed(Array("cd".utf8)) == [])
        #expect(splitter.feed(Array("\n".utf8)) == [Self.line("abcd")])
        #expect(splitter.feed(Array("abc".utf8)) == [])
        #expect(splitter.feed(Array("de".utf8)) == [.oversize])
        #expect(splitter.feed(Array("\nnext\n".utf8)) == [Self.line("next")])
    }

    @Test("a byte order mark counts toward the limit: it is dropped after the length check")
    func byteOrderMarkCountsTowardTheLimit() {
        var splitter = LineSplitter(maximum: 4)
        #expect(splitter.feed([0xEF, 0xBB, 0xBF] + Array("a\n".utf8)) == [Self.line("a")])
        #expect(splitter.feed([0xEF, 0xBB, 0xBF] + Array("ab\nok\n".utf8)) == [.oversize, Self.line("ok")])
    }
}

/// The splitter as the clients read the daemon's lines: no limit, nothing cut but the `\n`.
@Suite("LineSplitter without trimming")
struct LineSplitterUntrimmedTests {
    @Test("a \\r and a byte order mark are kept; a line of any length is accepted")
    func keepsEverything() {
        var splitter = LineSplitter(trim: .nothing)
        let marked: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r".utf8)
        #expect(splitter.feed(marked + [0x0A]) == [.line(marked)])
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 3_000_000)
        #expect(splitter.feed(long + [0x0A]) == [.line(long)])
    }

    @Test("with a limit and no trimming, a \\r counts as a byte of the line")
    func returnCountsWithoutTrimming() {
        var splitter = LineSplitter(maximum: 4, trim: .nothing)
        #expect(splitter.feed(Array("abc\r\n".utf8)) == [.line(Array("abc\r".utf8))])
        #expect(splitter.feed(Array("abcd\r\n".utf8)) == [.oversize])
        #expect(splitter.feed(Array("abcd\r".utf8)) == [.oversize])
    }

    @Test("no limit: Int.max is the default and a split line near it does not overflow")
    func noLimit() {
        var splitter = LineSplitter()
        #expect(splitter.maximum == .max)
        #expect(splitter.feed(Array("ab\r".utf8)) == [])
        #expect(splitter.feed(Array("c\r\n".utf8)) == [.line(Array("ab\rc".utf8))])
    }
}

import Testing
import WindowProtocol

@Suite("LineBuffer")
struct LineBufferTests {
    private static func text(_ line: [UInt8]?) -> String? { line.map { String(decoding: $0, as: UTF8.self) } }

    @Test("lines split anywhere across reads come out whole, in order, as sent")
    func splitAcrossReads() {
        let stream = Array("{\"a\":1}\n\r\n\u{FEFF}bom\n{\"b\":\"two\"}\n{\"c\":".utf8)
        for cut in 0...stream.count {
            var lines = LineBuffer()
            lines.append(stream[..<cut])
            lines.append(stream[cut...])
            var taken: [String] = []
            while let line = lines.nextLine() { taken.append(Self.text(line)!) }
            #expect(taken == ["{\"a\":1}", "\r", "\u{FEFF}bom", "{\"b\":\"two\"}"], "cut at \(cut)")
            #expect(!lines.hasLine)
            #expect(Self.text(lines.takeRest()) == "{\"c\":")
        }
    }

    @Test("one byte at a time")
    func byteByByte() {
        var lines = LineBuffer()
        var taken: [String] = []
        for byte in "one\ntwo\n\nthree".utf8 {
            lines.append([byte])
            while let line = lines.nextLine() { taken.append(Self.text(line)!) }
        }
        #expect(taken == ["one", "two", ""])
        #expect(Self.text(lines.takeRest()) == "three")
        #expect(lines.takeRest().isEmpty)
    }

    @Test("hasLine says whether nextLine has one; lines not taken stay for later reads")
    func hasLine() {
        var lines = LineBuffer()
        #expect(!lines.hasLine)
        lines.append(Array("a\nb".utf8))
        #expect(lines.hasLine)
        lines.append(Array("\nc\n".utf8))
        #expect(Self.text(lines.nextLine()) == "a")
        lines.append(Array("d\n".utf8))
        #expect(Self.text(lines.nextLine()) == "b")
        #expect(Self.text(lines.nextLine()) == "c")
        #expect(Self.text(lines.nextLine()) == "d")
        #expect(lines.nextLine() == nil)
        #expect(!lines.hasLine)
    }

    @Test("takeRest hands back every byte not taken, whole lines with their newline")
    func rest() {
        var lines = LineBuffer()
        lines.append(Array("a\nb\r\nc".utf8))
        #expect(Self.text(lines.nextLine()) == "a")
        #expect(Self.text(lines.takeRest()) == "b\r\nc")
        #expect(!lines.hasLine)
        #expect(lines.takeRest().isEmpty)
    }

    @Test("a 16 MB line in 4 KiB reads is searched once: linear, not quadratic, time")
    func longLineSearchedOnce() {
        let size = 16 << 20
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4_096)
        var lines = LineBuffer()
        let started = ContinuousClock.now
        for _ in 0..<(size / chunk.count) {
            lines.append(chunk)
            #expect(!lines.hasLine)
        }
        lines.append([UInt8(ascii: "\n"), UInt8(ascii: "y")])
        let line = lines.nextLine()
        let elapsed = ContinuousClock.now - started
        #expect(line?.count == size)
        // Searched again from the start at every read, 4,096 reads would scan ~32 GB (minutes).
        #expect(elapsed < .seconds(5), "took \(elapsed)")
        #expect(Self.text(lines.takeRest()) == "y")
    }
}

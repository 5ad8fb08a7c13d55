import NIOCore
import NIOEmbedded
import Testing

@testable import WindowKit

@Suite("Lines from the socket")
struct LineFrameDecoderTests {
    @Test("lines cut anywhere come out whole; a line cut off by the end is dropped")
    func lines() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder()))
        let text = #"{"a":1}"# + "\n" + #"{"b":"two"}"# + "\n" + #"{"c":"#
        for byte in text.utf8 {
            try channel.writeInbound(channel.allocator.buffer(bytes: [byte]))
        }
        var lines: [String] = []
        while let line = try channel.readInbound(as: ByteBuffer.self) { lines.append(String(buffer: line)) }
        #expect(lines == [#"{"a":1}"#, #"{"b":"two"}"#])
        _ = try channel.finish()
    }

    @Test("a long line in many chunks is found in one pass")
    func longLine() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder()))
        let body = String(repeating: "x", count: 1_000_000)
        let bytes = Array(body.utf8) + [0x0A]
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + 4_096, bytes.count)
            try channel.writeInbound(channel.allocator.buffer(bytes: bytes[offset..<end]))
            offset = end
        }
        let line = try #require(try channel.readInbound(as: ByteBuffer.self))
        #expect(line.readableBytes == 1_000_000)
        _ = try channel.finish()
    }

    @Test("a read that ends one line and holds whole ones hands them all out; a \\r stays; the tail waits")
    func mixedRead() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder()))
        try channel.writeInbound(channel.allocator.buffer(string: "ab"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        try channel.writeInbound(channel.allocator.buffer(string: "c\nd\r\n\ne"))
        var lines: [String] = []
        while let line = try channel.readInbound(as: ByteBuffer.self) { lines.append(String(buffer: line)) }
        #expect(lines == ["abc", "d\r", ""])
        try channel.writeInbound(channel.allocator.buffer(string: "f\n"))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "ef")
        try channel.writeInbound(channel.allocator.buffer(string: "cut"))
        _ = try channel.finish()
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil, "a line cut off by the end is no message")
    }
}

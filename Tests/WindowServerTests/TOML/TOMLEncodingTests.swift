import Testing
import WindowServer

/// Bytes that are not TOML: invalid UTF-8, control characters, bare carriage returns.
@Suite("TOML encoding and control characters")
struct TOMLEncodingTests {
    /// Bytes, and where the error must be.
    struct Bytes: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let line: Int
        let column: Int
        let says: String
        var testDescription: String { name }
    }

    @Test(
        "invalid bytes are located errors",
        arguments: [
            Bytes(name: "00 ff fe", bytes: [0x00, 0xFF, 0xFE], line: 1, column: 2, says: "not UTF-8 text (byte 0xFF)"),
            Bytes(
                name: "a lone continuation byte",
                bytes: Array("a = \"".utf8) + [0x80, 0x22],
                line: 1,
                column: 6,
                says: "byte 0x80"
            ),
            Bytes(
                name: "a truncated sequence at the end",
                bytes: Array("a = 1\n# ".utf8) + [0xE2, 0x82],
                line: 2,
                column: 3,
                says: "byte 0xE2"
            ),
            Bytes(
                name: "an overlong NUL",
                bytes: Array("a = \"".utf8) + [0xC0, 0x80, 0x22],
                line: 1,
                column: 6,
                says: "byte 0xC0"
            ),
            Bytes(
                name: "an encoded surrogate",
                bytes: Array("a = \"".utf8) + [0xED, 0xA0, 0x80, 0x22],
                line: 1,
                column: 6,
                says: "byte 0xED"
            ),
            Bytes(
                name: "above U+10FFFF",
                bytes: Array("a = \"".utf8) + [0xF4, 0x90, 0x80, 0x80, 0x22],
                line: 1,
                column: 6,
                says: "byte 0xF4"
            ),
            Bytes(
                name: "Latin-1 text",
                bytes: Array("a = \"caf".utf8) + [0xE9, 0x22],
                line: 1,
                column: 9,
                says: "byte 0xE9"
            ),
            Bytes(
                name: "a NUL before a key",
                bytes: [0x00] + Array("a = 1".utf8),
                line: 1,
                column: 1,
                says: "control character U+0000"
            ),
            Bytes(
                name: "a NUL in a comment",
                bytes: Array("# x".utf8) + [0x00],
                line: 1,
                column: 4,
                says: "comment cannot hold the control character U+0000"
            ),
            Bytes(
                name: "DEL in a comment",
                bytes: Array("a = 1 # x".utf8) + [0x7F],
                line: 1,
                column: 10,
                says: "U+007F"
            ),
            Bytes(
                name: "an escape character in a comment",
                bytes: Array("#".utf8) + [0x1B],
                line: 1,
                column: 2,
                says: "U+001B"
            ),
            Bytes(
                name: "a bare carriage return",
                bytes: Array("a = 1\rb = 2".utf8),
                line: 1,
                column: 6,
                says: "carriage return"
            ),
            Bytes(
                name: "a carriage return after a comment",
                bytes: Array("# c\r".utf8),
                line: 1,
                column: 4,
                says: "control character U+000D"
            ),
            Bytes(
                name: "a form feed between lines",
                bytes: Array("a = 1\n\u{0C}\nb = 2".utf8),
                line: 2,
                column: 1,
                says: "U+000C"
            ),
            Bytes(
                name: "a byte order mark after the start",
                bytes: Array("a = 1\n\u{FEFF}b = 2".utf8),
                line: 2,
                column: 1,
                says: "U+FEFF"
            ),
        ]
    )
    func invalid(_ example: Bytes) {
        guard let error = TOMLTestSupport.error(parsing: example.bytes) else {
            Issue.record("accepted \(example.bytes)")
            return
        }
        #expect(error.position == TOMLPosition(line: example.line, column: example.column), "\(error)")
        #expect(error.message.contains(example.says), "\(error)")
    }

    @Test("UTF-8 is read whole: multi-byte scalars in strings, keys and comments")
    func utf8() throws {
        let document = try TOMLParser.parse("# ✓ 日本\n\"ключ\" = \"значение 😀\"\n")
        #expect(document["ключ"] == .string("значение 😀"))
    }
}

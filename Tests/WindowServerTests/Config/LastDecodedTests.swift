import Testing

@testable import WindowServer

/// A reload of files that did not change decodes nothing again: TOMLKit keeps what it hands out,
/// so each decoding would grow the daemon.
@Suite("Last decoded")
struct LastDecodedTests {
    final class Counter: @unchecked Sendable { var calls = 0 }

    @Test("the same bytes of the same file give the last result, the error too; other bytes or another file decode")
    func decodesOnChangeOnly() throws {
        let last = LastDecoded<Int>()
        let counter = Counter()
        func decode(_ bytes: [UInt8], _ file: String) throws(ConfigError) -> Int {
            counter.calls += 1
            guard bytes != [0] else { throw ConfigError(file: file, line: 1, key: nil, message: "zero") }
            return bytes.count + counter.calls
        }
        #expect(try last.value(of: [1, 2], file: "a.toml", decode) == 3)
        #expect(try last.value(of: [1, 2], file: "a.toml", decode) == 3)
        #expect(counter.calls == 1)
        #expect(try last.value(of: [1, 2], file: "b.toml", decode) == 4)
        #expect(try last.value(of: [1, 2, 3], file: "b.toml", decode) == 6)
        for _ in 0..<2 {
            #expect(throws: ConfigError.self) { try last.value(of: [0], file: "b.toml", decode) }
        }
        #expect(counter.calls == 4)
    }
}

/// Standard input cut into lines, as its bytes come.
///
/// ```swift
/// var lines = InputLines()
/// lines.feed(Array("q\nact".utf8))   // ["q"]
/// lines.finish()                      // ["act"]: the last line needs no newline
/// ```
struct InputLines {
    private var buffer: [UInt8] = []

    /// The lines `bytes` complete.
    mutating func feed(_ bytes: [UInt8]) -> [String] {
        buffer += bytes
        var lines: [String] = []
        while let newline = buffer.firstIndex(of: 0x0A) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return lines
    }

    /// At the end of input: the last line if it had no newline.
    mutating func finish() -> [String] {
        defer { buffer.removeAll() }
        return buffer.isEmpty ? [] : [String(decoding: buffer, as: UTF8.self)]
    }
}

import WindowProtocol

/// Standard input cut into lines, as its bytes come, with the project's ``LineBuffer``.
///
/// ```swift
/// var lines = InputLines()
/// lines.feed(Array("q\nact".utf8))   // ["q"]
/// lines.finish()                      // ["act"]: the last line needs no newline
/// ```
struct InputLines {
    private var buffer = LineBuffer()

    /// The lines `bytes` complete.
    mutating func feed(_ bytes: [UInt8]) -> [String] {
        buffer.append(bytes)
        var lines: [String] = []
        while let line = buffer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    /// At the end of input: the last line if it had no newline.
    mutating func finish() -> [String] {
        let rest = buffer.takeRest()
        return rest.isEmpty ? [] : [String(decoding: rest, as: UTF8.self)]
    }
}

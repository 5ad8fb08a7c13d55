/// Turns byte offsets into lines and columns, walking forward from the last offset asked for,
/// so that asking in document order costs linear time in all. The parser asks for every key
/// and value as it reaches it; only an error asks for an earlier offset (once).
struct PositionTracker {
    private let start: Int
    private var offset: Int
    private var line = 1
    private var column = 1

    /// Counting from `start` (past a byte order mark), which is line 1, column 1.
    init(start: Int) {
        self.start = start
        offset = start
    }

    /// The line and column of `target`; an offset before the last one asked for walks from the start.
    mutating func position(of target: Int, in bytes: [UInt8]) -> TOMLPosition {
        if target < offset {
            offset = start
            line = 1
            column = 1
        }
        let end = min(target, bytes.count)
        while offset < end {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return TOMLPosition(line: line, column: column)
    }
}

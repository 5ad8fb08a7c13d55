/// How many lines an input has and how long each is, to check that a position is inside it.
struct LineLengths {
    /// Characters (Unicode scalars; any byte that is not a continuation byte) on each line.
    private var lengths: [Int] = [0]

    init(_ bytes: [UInt8]) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lengths.append(0)
            } else if byte & 0xC0 != 0x80 {
                lengths[lengths.count - 1] += 1
            }
        }
    }

    /// A violation if `line` and `column` are not on a line of the input, at most one past its end.
    func check(line: Int, column: Int, what: String) -> [String] {
        guard (1...lengths.count).contains(line) else {
            return ["\(what) is at line \(line) of an input of \(lengths.count) lines"]
        }
        guard (1...(lengths[line - 1] + 1)).contains(column) else {
            return ["\(what) is at column \(column) of line \(line), which has \(lengths[line - 1]) characters"]
        }
        return []
    }
}

import WindowServer

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

    /// A violation if `position` is not on a line of the input, at most one past its end.
    func check(_ position: TOMLPosition, what: String) -> [String] {
        guard (1...lengths.count).contains(position.line) else {
            return ["\(what) is at line \(position.line) of an input of \(lengths.count) lines"]
        }
        guard (1...(lengths[position.line - 1] + 1)).contains(position.column) else {
            return [
                "\(what) is at column \(position.column) of line \(position.line), which has \(lengths[position.line - 1]) characters"
            ]
        }
        return []
    }
}

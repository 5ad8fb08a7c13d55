/// Pre-encoded request bytes: the same request again, one with a counter spliced in
/// (`prefix` N `suffix`), so a new value costs a few digit writes and no encoder, or several
/// requests in turn.
struct RequestBytes {
    private let prefix: [UInt8]
    private let suffix: [UInt8]
    private let counted: Bool
    private var next: Int
    private var turns: [[UInt8]] = []

    /// The same bytes every time.
    static func constant(_ text: String) -> RequestBytes {
        RequestBytes(prefix: Array(text.utf8), suffix: [], counted: false, next: 0)
    }

    /// `prefix` + a number counting up from `start` + `suffix`.
    static func counting(_ prefix: String, _ suffix: String, from start: Int) -> RequestBytes {
        RequestBytes(prefix: Array(prefix.utf8), suffix: Array(suffix.utf8), counted: true, next: start)
    }

    /// Each of `texts` in turn, the first again after the last.
    static func alternating(_ texts: [String]) -> RequestBytes {
        var bytes = RequestBytes(prefix: [], suffix: [], counted: false, next: 0)
        bytes.turns = texts.map { Array($0.utf8) }
        return bytes
    }

    /// Appends the next request to `buffer`.
    mutating func append(to buffer: inout [UInt8]) {
        if !turns.isEmpty {
            buffer.append(contentsOf: turns[next % turns.count])
            next += 1
            return
        }
        buffer.append(contentsOf: prefix)
        guard counted else { return }
        Self.appendDecimal(next, to: &buffer)
        next += 1
        buffer.append(contentsOf: suffix)
    }

    private static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            buffer.append(contentsOf: raw[(20 - count)...])
        }
    }
}

/// Splits a connection's byte stream into request lines: `\n` ends a line, a `\r` before it is
/// dropped, and a line longer than `maximum` bytes (counting the `\r`) ends the stream, since
/// it cannot be re-synchronised. The daemon's NIO handler and the fuzzer both frame with it.
public struct LineSplitter: Sendable {
    /// What the splitter made of the bytes fed so far.
    public enum Frame: Equatable, Sendable {
        /// One complete line, without its terminator.
        case line([UInt8])
        /// A line over the limit: the daemon answers `limit_exceeded` and closes the connection.
        case oversize
    }

    /// The longest line accepted, in bytes (`max_message_bytes`).
    public let maximum: Int
    private var pending: [UInt8] = []
    /// How much of `pending` was already searched for a newline.
    private var scanned = 0
    private var failed = false

    /// A splitter with nothing pending that accepts lines of up to `maximum` bytes.
    public init(maximum: Int) {
        self.maximum = maximum
    }

    /// Adds `bytes` and returns the lines they complete; after `.oversize`, nothing more.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Frame] {
        guard !failed else { return [] }
        pending.append(contentsOf: bytes)
        var frames: [Frame] = []
        var start = 0
        while let newline = pending[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
            scanned = 0
            guard newline - start <= maximum else { return fail(frames) }
            var end = newline
            if end > start && pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            frames.append(.line(Array(pending[start..<end])))
            start = newline + 1
        }
        pending.removeFirst(start)
        scanned = pending.count
        if pending.count > maximum { return fail(frames) }
        return frames
    }

    /// The bytes of a line not yet complete, removed from the splitter (empty if none).
    public mutating func takePartialLine() -> [UInt8] {
        defer {
            pending = []
            scanned = 0
        }
        return pending
    }

    /// Puts back the partial line a previous process had read; call before feeding.
    public mutating func restore(partialLine: [UInt8]) {
        pending = partialLine
        scanned = 0
    }

    private mutating func fail(_ frames: [Frame]) -> [Frame] {
        failed = true
        pending = []
        return frames + [.oversize]
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Splits a connection's byte stream into request lines: `\n` ends a line, a `\r` before it is
/// dropped, and a line longer than `maximum` bytes (counting the `\r`) ends the stream, since
/// it cannot be re-synchronised. The daemon's NIO handler and the fuzzer both frame with it.
///
/// A line that arrives whole in one read is handed out where it lies, without a copy; only
/// the bytes of a line split across reads are kept.
public struct LineSplitter: Sendable {
    /// What the splitter made of the bytes fed so far.
    public enum Frame: Equatable, Sendable {
        /// One complete line, without its terminator.
        case line([UInt8])
        /// A line over the limit: the daemon answers `limit_exceeded` and closes the connection.
        case oversize
    }

    /// A frame as ``split(_:_:)`` hands it out: the line's bytes are valid only during the call.
    public enum Piece {
        /// One complete line, without its terminator.
        case line(UnsafeRawBufferPointer)
        /// A line over the limit; nothing follows it.
        case oversize
    }

    /// The longest line accepted, in bytes (`max_message_bytes`).
    public let maximum: Int
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    private var failed = false

    /// A splitter with nothing pending that accepts lines of up to `maximum` bytes.
    public init(maximum: Int) {
        self.maximum = maximum
    }

    /// Calls `body` with each line `bytes` complete, in order; after `.oversize`, nothing more.
    public mutating func split(_ bytes: UnsafeRawBufferPointer, _ body: (Piece) -> Void) {
        guard !failed, !bytes.isEmpty else { return }
        var start = 0
        if !pending.isEmpty {
            guard let newline = Self.newline(in: bytes, from: 0) else {
                pending.append(contentsOf: bytes)
                if pending.count > maximum { fail(body) }
                return
            }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<newline]))
            guard pending.count <= maximum else { return fail(body) }
            pending.withUnsafeBytes { body(.line(Self.withoutReturn($0))) }
            pending.removeAll(keepingCapacity: true)
            start = newline + 1
        }
        while let newline = Self.newline(in: bytes, from: start) {
            guard newline - start <= maximum else { return fail(body) }
            body(.line(Self.withoutReturn(UnsafeRawBufferPointer(rebasing: bytes[start..<newline]))))
            start = newline + 1
        }
        guard start < bytes.count else { return }
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]))
        if pending.count > maximum { fail(body) }
    }

    /// Adds `bytes` and returns the lines they complete, copied; after `.oversize`, nothing more.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Frame] {
        var frames: [Frame] = []
        Array(bytes).withUnsafeBytes { raw in
            split(raw) { piece in
                switch piece {
                case .line(let line): frames.append(.line(Array(line)))
                case .oversize: frames.append(.oversize)
                }
            }
        }
        return frames
    }

    /// The bytes of a line not yet complete, removed from the splitter (empty if none).
    public mutating func takePartialLine() -> [UInt8] {
        defer { pending = [] }
        return pending
    }

    /// Puts back the partial line a previous process had read; call before feeding.
    public mutating func restore(partialLine: [UInt8]) {
        pending = partialLine
    }

    private mutating func fail(_ body: (Piece) -> Void) {
        failed = true
        pending = []
        body(.oversize)
    }

    /// The offset of the first `\n` at or after `start`.
    private static func newline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// `line` without a final `\r`.
    private static func withoutReturn(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard let last = line.last, last == UInt8(ascii: "\r") else { return line }
        return UnsafeRawBufferPointer(rebasing: line.dropLast())
    }
}

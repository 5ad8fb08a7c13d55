/// Splits a byte stream into request lines the way the daemon's `LineFramer` handler does
/// with `max_message_bytes`: `\n` ends a line, a `\r` before it is dropped, and a line longer
/// than the limit (counting the `\r`) ends the connection.
public struct LineFramer: Sendable {
    /// What the framer made of the stream.
    public enum Frame: Equatable, Sendable {
        /// One complete line, without its terminator.
        case line([UInt8])
        /// A line over the limit: the daemon answers `limit_exceeded` and closes the connection.
        case oversize
    }

    /// The longest line accepted, in bytes (`max_message_bytes`).
    public let maxLineBytes: Int

    public init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// The frames of `bytes`; an unterminated tail is dropped, as at the end of a stream.
    public func frames(of bytes: [UInt8]) -> [Frame] {
        var frames: [Frame] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                if bytes.endIndex - start > maxLineBytes { frames.append(.oversize) }
                break
            }
            guard newline - start <= maxLineBytes else {
                frames.append(.oversize)
                break
            }
            var end = newline
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            frames.append(.line(Array(bytes[start..<end])))
            start = newline + 1
        }
        return frames
    }
}

import NIOCore
import WindowEngine
import WindowProtocol

/// A connection's ``LineSplitter``, kept where a restart can take the partial line from it.
final class LineFramer {
    private var splitter: LineSplitter

    init(maximum: Int) {
        splitter = LineSplitter(maximum: maximum)
    }

    /// Calls `body` with each line the bytes of `buffer` complete, where they lie (no copy).
    func split(_ buffer: ByteBuffer, _ body: (LineSplitter.Piece) -> Void) {
        buffer.withUnsafeReadableBytes { splitter.split($0, body) }
    }

    /// The bytes of a line not yet complete (empty if none), for the next process; kept here.
    var partialLine: [UInt8] { splitter.partialLine }

    /// Puts back the partial line a previous process had read; call before any read.
    func restore(partialLine: [UInt8]) {
        splitter.restore(partialLine: partialLine)
    }
}

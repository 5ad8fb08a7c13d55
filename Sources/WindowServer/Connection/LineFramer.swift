import Glibc
import NIOCore
import WindowEngine
import WindowProtocol

/// A connection's ``LineSplitter``, kept where a restart can take the partial line from it.
final class LineFramer {
    private var splitter: LineSplitter

    init(maximum: Int) {
        splitter = LineSplitter(maximum: maximum)
    }

    /// Calls `body` with each line the bytes of `buffer` complete, where they lie (no copy),
    /// while `proceed()` says so before each line; what was not looked at stays in `buffer`.
    func split(_ buffer: inout ByteBuffer, while proceed: () -> Bool, _ body: (LineSplitter.Piece) -> Void) {
        while buffer.readableBytes > 0, proceed() {
            let taken = buffer.withUnsafeReadableBytes { bytes in
                let end =
                    memchr(bytes.baseAddress!, Int32(UInt8(ascii: "\n")), bytes.count)
                    .map { bytes.baseAddress!.distance(to: $0) + 1 } ?? bytes.count
                splitter.split(UnsafeRawBufferPointer(rebasing: bytes[..<end]), body)
                return end
            }
            buffer.moveReaderIndex(forwardBy: taken)
        }
    }

    /// The bytes of a line not yet complete (empty if none), for the next process; kept here.
    var partialLine: [UInt8] { splitter.partialLine }

    /// Puts back the partial line a previous process had read; call before any read.
    func restore(partialLine: [UInt8]) {
        splitter.restore(partialLine: partialLine)
    }
}

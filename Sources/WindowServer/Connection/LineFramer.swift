import NIOCore
import WindowDispatch

/// The NIO side of ``LineSplitter``: frames a connection's bytes into request lines, and keeps
/// the partial line that a restart hands to the next process.
final class LineFramer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = [UInt8]

    /// A line longer than the limit arrived; the connection cannot be re-synchronised.
    struct LineTooLong: Error {}

    private var splitter: LineSplitter

    init(maximum: Int) {
        splitter = LineSplitter(maximum: maximum)
    }

    /// The bytes of a line not yet complete, removed from the framer (empty if none).
    func takePartialLine() -> [UInt8] {
        splitter.takePartialLine()
    }

    /// Puts back the partial line a previous process had read; call before any read.
    func restore(partialLine: [UInt8]) {
        splitter.restore(partialLine: partialLine)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        for frame in splitter.feed(unwrapInboundIn(data).readableBytesView) {
            switch frame {
            case .line(let line):
                context.fireChannelRead(wrapInboundOut(line))
            case .oversize:
                context.fireErrorCaught(LineTooLong())
            }
        }
    }
}

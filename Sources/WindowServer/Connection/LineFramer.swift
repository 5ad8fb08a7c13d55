import NIOCore

/// Splits a connection's bytes into lines (`\n`, an optional `\r` before it dropped), capped at
/// `maximum` bytes a line.
///
/// NIOExtras' `LineBasedFrameDecoder` does the same splitting, but its buffer is private to
/// `ByteToMessageHandler`; a restart that hands the connection to the next process must carry
/// the bytes of a partial line along (``takePartialLine()``, ``restore(partialLine:)``).
final class LineFramer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// A line longer than the limit arrived; the connection cannot be re-synchronised.
    struct LineTooLong: Error {}

    private let maximum: Int
    private var buffer: ByteBuffer?
    /// How far the current buffer was already searched for a newline.
    private var scanned = 0
    private var failed = false

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// The bytes of a line not yet complete, removed from the framer (empty if none).
    func takePartialLine() -> [UInt8] {
        defer {
            buffer = nil
            scanned = 0
        }
        return buffer.map { Array($0.readableBytesView) } ?? []
    }

    /// Puts back the partial line a previous process had read; call before any read.
    func restore(partialLine: [UInt8]) {
        guard !partialLine.isEmpty else { return }
        var restored = ByteBufferAllocator().buffer(capacity: partialLine.count)
        restored.writeBytes(partialLine)
        buffer = restored
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        var incoming = unwrapInboundIn(data)
        if buffer == nil {
            buffer = incoming
        } else {
            buffer!.writeBuffer(&incoming)
        }
        while var current = buffer {
            let view = current.readableBytesView
            guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanned = view.count
                break
            }
            var length = newline - view.startIndex
            let lineLength = length
            if length > 0 && view[newline - 1] == UInt8(ascii: "\r") { length -= 1 }
            guard lineLength <= maximum else {
                fail(context)
                return
            }
            let line = current.getSlice(at: current.readerIndex, length: length)!
            current.moveReaderIndex(forwardBy: lineLength + 1)
            buffer = current.readableBytes == 0 ? nil : current
            scanned = 0
            context.fireChannelRead(wrapInboundOut(line))
        }
        if let buffer, buffer.readableBytes > maximum {
            fail(context)
        }
    }

    private func fail(_ context: ChannelHandlerContext) {
        failed = true
        buffer = nil
        context.fireErrorCaught(LineTooLong())
    }
}

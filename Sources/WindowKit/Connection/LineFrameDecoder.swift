import NIOCore
import WindowProtocol

/// Cuts the byte stream from windowd into lines (one JSON-RPC message each), without the `\n`,
/// with the project's one ``LineSplitter`` (no limit: the daemon's lines are trusted).
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
/// ```
///
/// At the end of the stream NIO's own `decodeLast` decodes once more, and a line cut off there
/// stays in the splitter, which goes with the connection: it is no message.
///
/// A line may be very long (a subscription's snapshot of 100,000 windows): each byte is searched
/// once, however many reads the line takes. A line that came whole in one read is passed on as a
/// slice of the read, without a copy.
///
/// Not NIOExtras' `LineBasedFrameDecoder`: that one drops a `\r` before the `\n` (the daemon's
/// own framing keeps it, `LineFrameDecoderTests`), reports a line cut off by the end of the stream
/// as an error where a crash's half line is simply dropped here, and would bring swift-nio-extras
/// and a dozen packages it resolves (HTTP/2, TLS, crypto) into every app's build for one loop.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    private var splitter = LineSplitter(trim: .nothing)

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        var lines: [ByteBuffer] = []
        let readerIndex = buffer.readerIndex
        buffer.withUnsafeReadableBytes { bytes in
            splitter.split(bytes) { piece in
                guard case .line(let line) = piece else { return }
                lines.append(
                    Self.slice(line, of: buffer, at: readerIndex, within: bytes, allocator: context.channel.allocator)
                )
            }
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        for line in lines { context.fireChannelRead(wrapInboundOut(line)) }
        return .needMoreData
    }

    /// `line` as a buffer: a slice of `buffer` if it lies in its readable `bytes` (it came whole
    /// in this read), otherwise a copy (the splitter held its start from earlier reads).
    private static func slice(
        _ line: UnsafeRawBufferPointer,
        of buffer: ByteBuffer,
        at readerIndex: Int,
        within bytes: UnsafeRawBufferPointer,
        allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        if let base = bytes.baseAddress, let start = line.baseAddress, start >= base,
            start + line.count <= base + bytes.count,
            let slice = buffer.getSlice(at: readerIndex + base.distance(to: start), length: line.count)
        {
            return slice
        }
        return allocator.buffer(bytes: line)
    }
}

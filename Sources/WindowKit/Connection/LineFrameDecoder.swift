import NIOCore

/// Cuts the byte stream from windowd into lines (one JSON-RPC message each), without the `\n`.
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
/// ```
///
/// A line may be very long (a subscription's snapshot of 100,000 windows): the search for the
/// newline goes on where it stopped, so a long line costs one pass.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    private var searched = 0

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        let start = view.startIndex + searched
        guard let newline = view[start...].firstIndex(of: 0x0A) else {
            searched = view.count
            return .needMoreData
        }
        searched = 0
        let line = buffer.readSlice(length: newline - view.startIndex)!
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A line cut off by the end of the stream is no message: drop it.
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}

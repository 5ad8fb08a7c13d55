#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NIOCore
import NIOPosix

/// Reads a descriptor (the terminal, a pipe) on NIO's event loop and hands each chunk to an
/// async body: no thread waits for a key.
///
/// ```swift
/// try await DescriptorReader.read(TerminalInput.open()) { bytes in
///     for key in decoder.feed(bytes) { … }
/// }
/// ```
///
/// It owns the descriptor and closes it when the input ends or the task is cancelled.
public enum DescriptorReader {
    /// Reads `descriptor` until its end or cancellation, calling `body` with each chunk in turn.
    public static func read(_ descriptor: Int32, _ body: @escaping @Sendable ([UInt8]) async -> Void) async throws {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await NIOPipeBootstrap(group: NIOSingletons.posixEventLoopGroup)
                .takingOwnershipOfDescriptor(input: descriptor) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            close(descriptor)
            throw error
        }
        try await channel.executeThenClose { inbound, _ in
            for try await buffer in inbound {
                await body(Array(buffer.readableBytesView))
            }
        }
    }
}

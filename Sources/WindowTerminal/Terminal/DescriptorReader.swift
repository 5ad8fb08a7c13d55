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

/// The terminal's keys, from a descriptor of its own.
///
/// ```swift
/// let input = TerminalInput.open()   // /dev/tty opened anew, else a copy of standard input
/// ```
public enum TerminalInput {
    /// A new descriptor for reading the controlling terminal, for ``DescriptorReader``.
    ///
    /// `/dev/tty` opened anew has a file description of its own: the non-blocking mode the
    /// event loop sets on it does not reach standard output, which shares standard input's.
    /// Without a controlling terminal, a duplicate of standard input.
    public static func open() -> Int32 {
        let tty = Glibc.open("/dev/tty", O_RDONLY | O_CLOEXEC | O_NOCTTY)
        if tty >= 0 { return tty }
        return fcntl(0, F_DUPFD_CLOEXEC, 3)
    }
}

extension SignalPipe {
    /// Calls `body` with each caught signal, in order, until cancelled.
    public func forEachSignal(_ body: @escaping @Sendable (Int32) async -> Void) async throws {
        let copy = fcntl(fileDescriptor, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { return }
        try await DescriptorReader.read(copy) { bytes in
            for byte in bytes { await body(Int32(byte)) }
        }
    }
}

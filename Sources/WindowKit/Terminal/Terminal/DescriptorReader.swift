import Glibc
import NIOCore
import NIOPosix

/// Reads a descriptor (the terminal, a pipe, a file) and hands each chunk to an async body: a
/// pipe, a socket or a terminal on NIO's event loop, so that no thread waits for a key.
///
/// ```swift
/// try await DescriptorReader.read(TerminalInput.open()) { bytes in
///     for key in decoder.feed(bytes) { … }
/// }
/// ```
///
/// Anything else (a regular file, `/dev/null`, which is how windowd starts launch commands)
/// epoll refuses, and NIO would stop the process on it: that is read with plain reads on NIO's
/// blocking thread pool, where a read never waits for long.
///
/// It owns the descriptor and closes it when the input ends or the task is cancelled.
public enum DescriptorReader {
    /// Reads `descriptor` until its end or cancellation, calling `body` with each chunk in turn.
    public static func read(_ descriptor: Int32, _ body: @escaping @Sendable ([UInt8]) async -> Void) async throws {
        guard isPollable(descriptor) else { return try await readBlocking(descriptor, body) }
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

    /// Whether epoll takes `descriptor`: a pipe, a socket or a terminal (from `fstat`). It
    /// refuses regular files and devices without poll, such as `/dev/null`.
    private static func isPollable(_ descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFIFO, S_IFSOCK: return true
        case S_IFCHR: return isatty(descriptor) == 1
        default: return false
        }
    }

    /// Reads `descriptor` chunk by chunk on the blocking thread pool until its end (or an error),
    /// then closes it.
    private static func readBlocking(
        _ descriptor: Int32,
        _ body: @escaping @Sendable ([UInt8]) async -> Void
    ) async throws {
        defer { close(descriptor) }
        while !Task.isCancelled {
            let chunk = try await NIOThreadPool.singleton.runIfActive { readChunk(descriptor) }
            guard !chunk.isEmpty else { return }
            await body(chunk)
        }
    }

    /// One `read(2)` of up to 4 KiB; empty at the end of input or on an error.
    private static func readChunk(_ descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Array(buffer[..<count]) : []
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowTerminal

/// Standard input as chunks of bytes, read without holding a thread: on NIO's event loop for
/// a pipe, a socket or a terminal; a regular file, which never blocks, is read directly.
///
/// ```swift
/// await StandardInput.forEachChunk { bytes in … }   // returns at the end of input or on cancellation
/// ```
enum StandardInput {
    /// Calls `body` with each chunk until the input ends or the task is cancelled.
    static func forEachChunk(_ body: @escaping @Sendable ([UInt8]) async -> Void) async {
        var info = stat()
        if fstat(0, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            var chunk = [UInt8](repeating: 0, count: 4_096)
            while !Task.isCancelled {
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                await body(Array(chunk[..<count]))
            }
            return
        }
        // A terminal is read through a descriptor of its own, so that the non-blocking mode the
        // event loop sets does not reach standard output.
        let descriptor = isatty(0) == 1 ? TerminalInput.open() : fcntl(0, F_DUPFD_CLOEXEC, 3)
        guard descriptor >= 0 else { return }
        try? await DescriptorReader.read(descriptor, body)
    }
}

import Glibc
import WindowKit

/// Standard input as chunks of bytes, whatever it is: a pipe, a socket, a terminal, a regular
/// file or `/dev/null` (how windowd starts launch commands), through ``DescriptorReader``.
///
/// ```swift
/// await StandardInput.forEachChunk { bytes in … }   // returns at the end of input or on cancellation
/// ```
enum StandardInput {
    /// Calls `body` with each chunk until the input ends or the task is cancelled.
    static func forEachChunk(_ body: @escaping @Sendable ([UInt8]) async -> Void) async {
        // A terminal is read through a descriptor of its own, so that the non-blocking mode the
        // event loop sets does not reach standard output.
        let descriptor = isatty(0) == 1 ? TerminalInput.open() : fcntl(0, F_DUPFD_CLOEXEC, 3)
        guard descriptor >= 0 else { return }
        try? await DescriptorReader.read(descriptor, body)
    }
}

import Glibc

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

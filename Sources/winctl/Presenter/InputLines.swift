#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Standard input as lines, read one `read(2)` at a time so a `poll` loop never blocks on it.
final class InputLines {
    /// Standard input's descriptor, for `poll`.
    let fileDescriptor: Int32 = 0
    /// Whether standard input has ended (or cannot be read); it is then no longer polled.
    private(set) var isAtEnd = false
    private var buffer: [UInt8] = []

    /// Reads what is ready and returns the lines it completed; at the end, a last unterminated line too.
    func readAvailable() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return [] }
        if count <= 0 {
            isAtEnd = true
            defer { buffer.removeAll() }
            return buffer.isEmpty ? [] : [String(decoding: buffer, as: UTF8.self)]
        }
        buffer.append(contentsOf: chunk[0..<count])
        var lines: [String] = []
        while let newline = buffer.firstIndex(of: 0x0A) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return lines
    }
}

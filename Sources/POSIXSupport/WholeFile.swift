import Glibc

/// Reads a file, or a descriptor to its end, whole: the one read loop for config files,
/// `/proc` entries, the hand-off state, a child's captured output and the tests' logs.
package enum WholeFile {
    /// The bytes of the file at `path`.
    package static func read(_ path: String) throws(SystemCallError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError(call: "open \(path)", errno: errno) }
        defer { close(fd) }
        return try read(descriptor: fd)
    }

    /// The text of the file at `path` (invalid UTF-8 repaired), or `nil` if it cannot be read.
    package static func text(_ path: String) -> String? {
        (try? read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What `descriptor` holds from where it stands to its end (a file, or a pipe whose
    /// writers have all closed). Stops once it holds more than `limit` bytes, so that a caller
    /// with a size limit never reads a huge file whole: more than `limit` bytes back means
    /// "too large".
    package static func read(descriptor: Int32, limit: Int = .max) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(call: "read", errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}

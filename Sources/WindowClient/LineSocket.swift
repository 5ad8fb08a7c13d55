#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking stream Unix socket that reads and writes newline-terminated lines.
///
/// Deliberately plain POSIX: `winctl` is called from scripts in loops, and a
/// one-shot client should cost a connect, a write and a read, not an event loop.
public final class LineSocket {
    /// The socket's file descriptor, for `poll`.
    public let fileDescriptor: Int32
    /// The path connected to.
    public let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline resumes: bytes before it hold none.
    private var scanned = 0

    /// Connects to the stream socket at `path`.
    public init(path: String) throws(ClientError) {
        self.path = path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .unreachable(path: path, errno: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard bytes.count < capacity else {
            close(fd)
            throw .unreachable(path: path, errno: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw .unreachable(path: path, errno: error)
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Writes `line` and a newline, all of it.
    public func writeLine(_ line: [UInt8]) throws(ClientError) {
        var bytes = line
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                send(fileDescriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .disconnected(path: path)
            }
            offset += written
        }
    }

    /// Whether a whole line is already buffered.
    public var hasBufferedLine: Bool {
        buffer[start...].contains(0x0A)
    }

    /// Reads the next line without its newline; `nil` at end of stream.
    public func readLine() throws(ClientError) -> [UInt8]? {
        while true {
            // Only the bytes received since the last look are searched: a 20 MB reply costs one pass.
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                if start > 65_536 {
                    buffer.removeFirst(start)
                    start = 0
                    scanned = 0
                }
                return line
            }
            scanned = buffer.count
            let count = try receive(upTo: 65_536)
            if count == 0 { return nil }
        }
    }

    /// Appends up to `limit` received bytes to the buffer; 0 at end of stream.
    private func receive(upTo limit: Int) throws(ClientError) -> Int {
        while true {
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: limit))
            let count = buffer.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress! + old, limit, 0) }
            buffer.removeLast(limit - max(count, 0))
            if count < 0 {
                if errno == EINTR { continue }
                throw .disconnected(path: path)
            }
            return count
        }
    }
}

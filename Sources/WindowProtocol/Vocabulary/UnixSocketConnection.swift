#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Connecting to windowd's stream socket (SPEC section 7) with plain POSIX calls: the
/// blocking client's connect, and the daemon's check that a socket path is already served.
public enum UnixSocketConnection {
    /// A connected stream socket to `path` (close-on-exec), or the `errno` that refused it.
    public static func connect(to path: String) -> Result<Int32, UnixSocketError> {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(UnixSocketError(errno: errno)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            return .failure(UnixSocketError(errno: ENAMETOOLONG))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            return .failure(UnixSocketError(errno: error))
        }
        return .success(fd)
    }

    /// Whether something accepts connections at `path`.
    public static func isServed(_ path: String) -> Bool {
        guard case .success(let fd) = connect(to: path) else { return false }
        close(fd)
        return true
    }
}

/// Why a connect failed: the `errno` it set.
public struct UnixSocketError: Error, Equatable {
    /// The `errno` value.
    public var errno: Int32
    /// The failure `errno` names.
    public init(errno: Int32) { self.errno = errno }
}

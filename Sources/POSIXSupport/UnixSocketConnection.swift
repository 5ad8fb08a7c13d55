package import Glibc

/// Unix socket addresses and connects with plain POSIX calls, written once for every caller:
/// the blocking client (`LineSocket`), the daemon's bind and its check that a socket path is
/// already served, the places' sockets, the benchmark and the tests.
package enum UnixSocketConnection {
    /// A connected stream socket to `path` (close-on-exec), or the call and `errno` that refused it.
    ///
    /// - Parameters:
    ///   - abstract: `path` is a Linux abstract name (kitty's `unix:@name`), not a file.
    ///   - sendTimeout: how long the connect (to a listener whose backlog is full) and every
    ///     later send may wait (`SO_SNDTIMEO`); past it they fail with `EAGAIN`.
    ///   - nonBlocking: the socket is `SOCK_NONBLOCK`: a full backlog fails the connect at once.
    package static func connect(
        to path: String,
        abstract: Bool = false,
        sendTimeout: Duration? = nil,
        nonBlocking: Bool = false
    ) -> Result<Int32, SystemCallError> {
        var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
        let fd = socket(AF_UNIX, type, 0)
        guard fd >= 0 else { return .failure(SystemCallError(call: "socket", errno: errno)) }
        if let sendTimeout {
            let (seconds, attoseconds) = sendTimeout.components
            var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            if limit.tv_sec == 0 && limit.tv_usec == 0 { limit.tv_usec = 1 }
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        let result =
            withAddress(of: path, abstract: abstract) { address, length in
                Glibc.connect(fd, address, length) == 0 ? 0 : errno
            } ?? ENAMETOOLONG
        guard result == 0 else {
            close(fd)
            return .failure(SystemCallError(call: "connect \(path)", errno: result))
        }
        return .success(fd)
    }

    /// Whether something accepts connections at `path`.
    package static func isServed(_ path: String) -> Bool {
        guard case .success(let fd) = connect(to: path) else { return false }
        close(fd)
        return true
    }

    /// Calls `body` with `path` as a `sockaddr_un` and its length, for `connect`, `bind` or
    /// `sendto`; `nil` if `path` does not fit the address (`sun_path` holds 107 bytes).
    ///
    /// An `abstract` name is a NUL and the name, its length given by the address size.
    package static func withAddress<Result>(
        of path: String,
        abstract: Bool = false,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            if abstract {
                raw[0] = 0
                UnsafeMutableRawBufferPointer(rebasing: raw[1...]).copyBytes(from: bytes)
            } else {
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
        }
        let length = abstract ? MemoryLayout<sa_family_t>.size + 1 + bytes.count : MemoryLayout<sockaddr_un>.size
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }
}

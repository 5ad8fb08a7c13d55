import Glibc
import POSIXSupport

/// The daemon's own listening socket at a path, made with plain POSIX calls.
///
/// NIO unlinks the path of a Unix socket it bound itself as soon as that channel closes, which
/// is also what a graceful restart does when it hands the socket to the next process through
/// the fd store: the next process would then serve a socket nobody can reach. So the daemon
/// binds the path here and gives NIO the descriptor, which NIO never unlinks; a plain stop
/// unlinks the path itself (``SocketServer``).
package enum ListeningSocket {
    /// The path a Unix socket `fd` is bound to (an inherited listener's: socket activation, an
    /// upgrade), `nil` for one bound to no path (abstract or unnamed) or not a Unix socket.
    package static func path(of fd: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        let path = withUnsafeBytes(of: address.sun_path) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        // An abstract socket's name starts with a NUL: it has no path a client could open.
        return path.isEmpty ? nil : path
    }

    /// A close-on-exec stream socket bound at `path`, created owner-only (mode 0600 from the
    /// first instant), listening with `backlog`.
    static func bind(path: String, backlog: Int32) throws(SocketPreparer.Refusal) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw failure("create a socket for", path) }
        let previousMask = umask(0o177)
        let result = UnixSocketConnection.withAddress(of: path) { Glibc.bind(fd, $0, $1) }
        umask(previousMask)
        guard let bound = result else {
            close(fd)
            throw SocketPreparer.Refusal(
                description: "socket path \(path) is longer than a Unix socket address holds; choose a shorter --socket"
            )
        }
        guard bound == 0 else {
            let refusal = failure("bind", path)
            close(fd)
            throw refusal
        }
        guard listen(fd, backlog) == 0 else {
            let refusal = failure("listen on", path)
            close(fd)
            unlink(path)
            throw refusal
        }
        return fd
    }

    private static func failure(_ action: String, _ path: String) -> SocketPreparer.Refusal {
        SocketPreparer.Refusal(description: "cannot \(action) \(path): \(String(cString: strerror(errno)))")
    }
}

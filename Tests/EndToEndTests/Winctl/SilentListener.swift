import POSIXSupport
import TestSupport
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket that listens and never accepts, reads or answers: a daemon that is stuck.
///
/// With ``fillBacklog()`` its queue of pending connections is full too, so that a client's
/// `connect` itself has to wait.
final class SilentListener {
    let path: String
    private let fileDescriptor: Int32
    private var waiting: [Int32] = []

    /// Binds and listens at `path`.
    init(path: String) throws {
        self.path = path
        fileDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fileDescriptor >= 0 else { throw TestFailure.system("socket") }
        guard UnixSocketConnection.withAddress(of: path, { bind(fileDescriptor, $0, $1) }) == 0 else {
            throw TestFailure.system("bind \(path)")
        }
        guard listen(fileDescriptor, 0) == 0 else { throw TestFailure.system("listen \(path)") }
    }

    deinit {
        waiting.forEach { close($0) }
        close(fileDescriptor)
        unlink(path)
    }

    /// Connects without blocking until the listener's backlog takes no more.
    func fillBacklog() throws {
        for _ in 0..<64 {
            guard case .success(let fd) = UnixSocketConnection.connect(to: path, nonBlocking: true) else { return }
            waiting.append(fd)
        }
        throw TestFailure("the backlog of \(path) never filled")
    }
}

import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// A listening `AF_UNIX` stream socket bound to `path`, close-on-exec: the descriptor, for the
/// caller to accept from and close.
package func listeningUnixSocket(at path: String) throws -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw TestFailure.system("socket") }
    guard UnixSocketConnection.withAddress(of: path, { bind(fd, $0, $1) }) == 0, listen(fd, 8) == 0 else {
        let error = TestFailure.system("bind/listen \(path)")
        close(fd)
        throw error
    }
    return fd
}

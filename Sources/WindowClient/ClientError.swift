#if canImport(Glibc)
import Glibc
#endif
import WindowProtocol

/// Why a client call failed.
public enum ClientError: Error, CustomStringConvertible, Sendable {
    /// The daemon could not be reached at `path`.
    case unreachable(path: String, errno: Int32)
    /// The daemon closed the connection.
    case disconnected(path: String)
    /// The daemon answered with a JSON-RPC error.
    case refused(RPCError)
    /// The daemon sent something that is not the protocol.
    case malformed(String)
    /// No answer in time.
    case timedOut(path: String)

    /// The message winctl prints: names the socket path tried, or gives the daemon's own message for a refusal.
    public var description: String {
        switch self {
        case .unreachable(let path, let errno):
            return "cannot reach windowd at \(path): \(String(cString: strerror(errno))) (is windowd running? set --socket or WINDOWD_SOCKET)"
        case .disconnected(let path):
            return "windowd at \(path) closed the connection"
        case .refused(let error):
            return error.message
        case .malformed(let detail):
            return "unexpected message from windowd: \(detail)"
        case .timedOut(let path):
            return "windowd at \(path) did not answer in time"
        }
    }
}

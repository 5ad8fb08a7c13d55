import Glibc
public import WindowProtocol

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
    /// The daemon at `path` took the connection but did not answer within `limit`.
    case timedOut(path: String, limit: Duration)

    /// The message winctl prints: names the socket path tried, or gives the daemon's own message for a refusal.
    public var description: String {
        switch self {
        case .unreachable(let path, let errno):
            return
                "cannot reach windowd at \(path): \(String(cString: strerror(errno))) (\(SocketPath.startAdvice(for: path)))"
        case .disconnected(let path):
            return "windowd at \(path) closed the connection"
        case .refused(let error):
            return error.message
        case .malformed(let detail):
            return "unexpected message from windowd: \(detail)"
        case .timedOut(let path, let limit):
            return
                "windowd at \(path) did not answer within \(Self.seconds(limit)): the socket accepts connections but the daemon does not reply "
                + "(\(SocketPath.stuckAdvice(for: path)); --timeout sets the limit)"
        }
    }

    /// The cause in a few words, for a line that goes on to say what was done instead: the
    /// description without the advice of a daemon that did not answer.
    package var cause: String {
        guard case .timedOut(let path, let limit) = self else { return description }
        return "windowd at \(path) did not answer within \(Self.seconds(limit))"
    }

    /// `5 s`, `0.5 s`.
    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) s" }
        return "\(Double(milliseconds) / 1_000) s"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where windowd is and how patiently to talk to it.
///
/// ```swift
/// var options = ConnectionOptions()              // $WINDOWD_SOCKET, else the default path
/// options.socketPath = "/run/user/1000/windowd/windowd.sock"
/// options.reconnectFor = .seconds(30)
/// let app = try await AppClient.connect(options)
/// ```
public struct ConnectionOptions: Sendable, Hashable {
    /// The daemon's socket.
    public var socketPath: String
    /// The name sent in `hello`, seen in the daemon's log.
    public var clientName: String
    /// How long the daemon may be gone before the client gives up (status ``ConnectionStatus/closed``,
    /// calls fail with ``WindowKitError/Code/unreachable``).
    public var reconnectFor: Duration
    /// How long a request may go unanswered on a live connection.
    public var requestTimeout: Duration

    /// Options for the socket at `socketPath`, or where SPEC section 7 says when `nil`:
    /// `$WINDOWD_SOCKET`, else `$XDG_RUNTIME_DIR/windowd/windowd.sock`, else
    /// `/run/windowd/windowd.sock` as root, else `/tmp/windowd-$UID/windowd.sock`.
    public init(socketPath: String? = nil, clientName: String = "WindowKit", reconnectFor: Duration = .seconds(60), requestTimeout: Duration = .seconds(30)) {
        self.socketPath = socketPath ?? ConnectionOptions.defaultSocketPath()
        self.clientName = clientName
        self.reconnectFor = reconnectFor
        self.requestTimeout = requestTimeout
    }

    /// The default socket path from this process's environment.
    public static func defaultSocketPath() -> String {
        var environment: [String: String] = [:]
        for key in ["WINDOWD_SOCKET", "XDG_RUNTIME_DIR"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return SocketPath.resolveDefault(environment: environment, uid: getuid())
    }
}

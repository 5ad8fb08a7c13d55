import Glibc

/// Where windowd is and how patiently to talk to it.
///
/// ```swift
/// var options = ConnectionOptions()              // $WINDOWD_SOCKET, else the default path
/// let orders = ConnectionOptions(app: try AppID(validating: "orders"))  // the app's own instance
/// options.socketPath = "/run/user/1000/windowd/windowd.sock"
/// options.reconnectFor = .seconds(30)
/// let app = try await AppClient.connect(options)
/// ```
public struct ConnectionOptions: Sendable, Hashable {
    /// The daemon's socket.
    public var socketPath: String
    /// The app chosen by ``init(socketPath:app:clientName:reconnectFor:requestTimeout:)``'s `app`,
    /// if any: a command that ``AppClient/openWindow(group:value:request:)`` launches gets it as
    /// `WINDOWD_APP`, beside `WINDOWD_SOCKET`.
    public var app: AppID?
    /// The name sent in `hello`, seen in the daemon's log.
    public var clientName: String
    /// How long the daemon may be gone before the client gives up (status ``ConnectionStatus/closed``,
    /// calls fail with ``WindowKitError/Code/unreachable``).
    public var reconnectFor: Duration
    /// How long a request may go unanswered on a live connection.
    public var requestTimeout: Duration

    /// Options for the socket at `socketPath`, or when `nil` the socket of `app` (windowd(8), Apps and instances:
    /// `$XDG_RUNTIME_DIR/windowd/APP_ID.sock`, …; `$WINDOWD_SOCKET` when `$WINDOWD_APP` is `app`, as in a
    /// command the app's window group launched), or without an app where windowd(8), Socket and access says:
    /// `$WINDOWD_SOCKET`, else `$XDG_RUNTIME_DIR/windowd/windowd.sock`, else
    /// `/run/windowd/windowd.sock` as root, else `/tmp/windowd-$UID/windowd.sock`.
    /// An app built on WindowKit names its app here; `$WINDOWD_APP` is for `winctl`.
    public init(
        socketPath: String? = nil,
        app: AppID? = nil,
        clientName: String = "WindowKit",
        reconnectFor: Duration = .seconds(60),
        requestTimeout: Duration = .seconds(30)
    ) {
        self.socketPath =
            socketPath ?? app.map {
                SocketPath.clientSocket(of: $0, environment: SocketPath.processEnvironment(), uid: getuid())
            }
            ?? ConnectionOptions.defaultSocketPath()
        self.app = app
        self.clientName = clientName
        self.reconnectFor = reconnectFor
        self.requestTimeout = requestTimeout
    }

    /// The default socket path from this process's environment.
    public static func defaultSocketPath() -> String {
        SocketPath.resolveDefault(environment: SocketPath.processEnvironment(), uid: getuid())
    }
}

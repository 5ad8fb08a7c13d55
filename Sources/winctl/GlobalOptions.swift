import ArgumentParser
import WindowClient
import WindowProtocol

/// The flags every command takes: which daemon to talk to, how long to wait for it, and how to print.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: [.customShort("s"), .customLong("socket")],
        help: ArgumentHelp(
            "The daemon's socket (default: $WINDOWD_SOCKET, else $XDG_RUNTIME_DIR/windowd/windowd.sock, else /run/windowd/windowd.sock as root, else /tmp/windowd-$UID/windowd.sock).",
            valueName: "path"
        )
    )
    var socket: String?

    @Option(
        name: .customLong("app"),
        help: ArgumentHelp(
            "The app whose instance to talk to: its socket windowd/ID.sock in the socket directory (default: $WINDOWD_APP; --socket and $WINDOWD_SOCKET name a socket instead; neither: the default app).",
            valueName: "id"
        )
    )
    var app: String?

    @Option(
        name: .customLong("timeout"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "How long to wait for the daemon to connect and answer each request (default 5; run waits 1 in all before it runs its program without a window); 0 waits forever. watch and attach wait for events without it.",
            valueName: "seconds"
        )
    )
    var givenTimeoutSeconds: Double?

    /// `--timeout`, else the default of every command but `run`.
    var timeoutSeconds: Double { givenTimeoutSeconds ?? Self.defaultTimeoutSeconds }

    @Flag(
        help:
            "Print each result as one JSON document (the protocol's result object), each event as its JSON line, and a refusal as its JSON-RPC error object, all on standard output."
    )
    var json = false

    /// `--timeout` when it is not given.
    static let defaultTimeoutSeconds: Double = 5

    func validate() throws {
        guard timeoutSeconds.isFinite, timeoutSeconds >= 0 else {
            throw ValidationError(
                "--timeout takes a number of seconds, 0 or more (0 waits forever), not \(timeoutSeconds)"
            )
        }
        do {
            _ = try SocketPath.forClient(explicit: socket, app: app)
        } catch {
            throw ValidationError(app == nil ? "WINDOWD_APP: \(error)" : "--app: \(error)")
        }
    }

    /// The socket path to connect to: `--socket`, else `--app`'s, else the environment's choice
    /// (windowd(8), Socket and access; windowd(8), Apps and instances); ``validate()`` has refused an app id that is not one.
    var socketPath: String { (try? SocketPath.forClient(explicit: socket, app: app)) ?? "" }

    /// What a command launched for the window `windowID` is told of this daemon: the socket
    /// connected to and the app chosen (by `--app` or `$WINDOWD_APP`), so that it reaches the same
    /// app whatever the environment it starts in.
    func launchVariables(windowID: String?) -> LaunchVariables {
        let app = try? self.app.map { text throws(AppID.Invalid) in try AppID(validating: text) }
        let chosen = SocketPath.appChosen(socket: socket, app: app ?? nil, environment: SocketPath.processEnvironment())
        return .opener(socket: socketPath, app: chosen, windowID: windowID)
    }

    /// The limit on connecting and on each answer; `nil` for `--timeout 0`.
    var timeout: Duration? { timeout(default: Self.defaultTimeoutSeconds) }

    /// `--timeout`, else `seconds`, as a limit; `nil` for `--timeout 0`.
    func timeout(default seconds: Double) -> Duration? {
        let seconds = givenTimeoutSeconds ?? seconds
        return seconds == 0 ? nil : .milliseconds(Int64((seconds * 1_000).rounded(.up)))
    }
}

import ArgumentParser
import WindowClient
import WindowProtocol

/// The flags every command takes: which daemon to talk to and how to print.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("socket"),
        help: ArgumentHelp(
            "The daemon's socket (default: $WINDOWD_SOCKET, else $XDG_RUNTIME_DIR/windowd/windowd.sock, else /run/windowd/windowd.sock as root, else /tmp/windowd-$UID/windowd.sock).",
            valueName: "path"
        )
    )
    var socket: String?

    @Flag(help: "Print each result as one JSON document (the protocol's result object), each event as its JSON line.")
    var json = false

    /// The socket path to connect to: `--socket`, else the default of SPEC section 7.
    var socketPath: String { SocketPath.forClient(explicit: socket) }
}

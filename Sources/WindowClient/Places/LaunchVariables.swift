import Glibc

/// What a launched command is told of the daemon that launched it and of its window, so that it
/// reaches the opener's app whatever the environment of the place it starts in (a tmux server
/// started long ago, a terminal emulator's own): `WINDOWD_SOCKET`, `WINDOWD_APP`,
/// `WINDOWD_WINDOW_ID` (winctl(1), "open").
public struct LaunchVariables: Sendable, Hashable {
    /// The socket the opener reached its daemon at, absolute.
    public var socket: String?
    /// The app the opener chose (`--app`, `$WINDOWD_APP`, ``ConnectionOptions``'s app), if any.
    public var app: String?
    /// The id of the window the command presents.
    public var windowID: String?

    /// Variables naming `socket`, `app` and `windowID`, each only when given.
    public init(socket: String? = nil, app: String? = nil, windowID: String? = nil) {
        self.socket = socket
        self.app = app
        self.windowID = windowID
    }

    /// The opener's: `socket` made absolute against this process's working directory (the
    /// launched command starts in another).
    public static func opener(socket: String, app: String?, windowID: String?) -> LaunchVariables {
        LaunchVariables(socket: absolute(socket, in: workingDirectory()), app: app, windowID: windowID)
    }

    /// The variables, by name.
    public var environment: [String: String] {
        var environment: [String: String] = [:]
        environment["WINDOWD_SOCKET"] = socket
        environment["WINDOWD_APP"] = app
        environment["WINDOWD_WINDOW_ID"] = windowID
        return environment
    }

    /// `NAME=value` for each, sorted by name: what tmux's `-e`, kitty's `env` and `env(1)` take.
    public var assignments: [String] {
        environment.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }
    }

    /// `path`, or `path` under `directory` when it is relative.
    static func absolute(_ path: String, in directory: String?) -> String {
        guard !path.hasPrefix("/"), let directory, !path.isEmpty else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    private static func workingDirectory() -> String? {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

import Glibc

/// Where a daemon's socket is when nobody says otherwise (windowd(8), Socket and access; windowd(8), Apps and instances): the one
/// function that daemon and clients both use.
public enum SocketPath {
    /// The environment variables the socket path depends on.
    public static let variables = ["WINDOWD_SOCKET", "WINDOWD_APP", "XDG_RUNTIME_DIR"]

    /// `$WINDOWD_SOCKET`, else `windowd.sock` in ``directory(environment:uid:)``: the default
    /// app's socket.
    public static func resolveDefault(environment: [String: String], uid: UInt32) -> String {
        if let explicit = environment["WINDOWD_SOCKET"], !explicit.isEmpty {
            return explicit
        }
        return directory(environment: environment, uid: uid) + "/windowd.sock"
    }

    /// The directory of the sockets: `$XDG_RUNTIME_DIR/windowd`, else `/run/windowd` for root,
    /// else `/tmp/windowd-$UID`.
    public static func directory(environment: [String: String], uid: UInt32) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/windowd"
        }
        return uid == 0 ? "/run/windowd" : "/tmp/windowd-\(uid)"
    }

    /// The socket of `app`: `APP_ID.sock` in ``directory(environment:uid:)``.
    public static func forApp(_ app: AppID, environment: [String: String], uid: UInt32) -> String {
        directory(environment: environment, uid: uid) + "/" + app.rawValue + ".sock"
    }

    /// The socket of `app` for a client that names it: `$WINDOWD_SOCKET` when `$WINDOWD_APP`
    /// is that same app (the opener that launched this command told it where that instance
    /// is, and the place it started in may have another `XDG_RUNTIME_DIR`, or none), else
    /// ``forApp(_:environment:uid:)``.
    public static func clientSocket(of app: AppID, environment: [String: String], uid: UInt32) -> String {
        if environment["WINDOWD_APP"] == app.rawValue, let explicit = environment["WINDOWD_SOCKET"], !explicit.isEmpty {
            return explicit
        }
        return forApp(app, environment: environment, uid: uid)
    }

    /// The socket a client connects to: a command line's `socket`, else its `app`'s socket
    /// (``clientSocket(of:environment:uid:)``), else `$WINDOWD_SOCKET`, else `$WINDOWD_APP`'s
    /// socket, else the default app's. A flag beats the environment, and a socket path beats an
    /// app id given the same way.
    ///
    /// - Throws: a `$WINDOWD_APP` that is not an app id.
    public static func resolve(
        socket: String?,
        app: AppID?,
        environment: [String: String],
        uid: UInt32
    ) throws(AppID.Invalid) -> String {
        if let socket, !socket.isEmpty { return socket }
        if let app { return clientSocket(of: app, environment: environment, uid: uid) }
        if let explicit = environment["WINDOWD_SOCKET"], !explicit.isEmpty { return explicit }
        if let text = environment["WINDOWD_APP"], !text.isEmpty {
            return forApp(try AppID(validating: text), environment: environment, uid: uid)
        }
        return resolveDefault(environment: environment, uid: uid)
    }

    /// The app whose socket ``resolve(socket:app:environment:uid:)`` chose with the same
    /// arguments, as its id: `app`, else `$WINDOWD_APP` when neither `socket` nor
    /// `$WINDOWD_SOCKET` named a socket; `nil` when a socket path or the default app decided.
    /// An `app` given with a `socket` is kept: the caller chose both.
    public static func appChosen(socket: String?, app: AppID?, environment: [String: String]) -> String? {
        if let app { return app.rawValue }
        if let socket, !socket.isEmpty { return nil }
        if let explicit = environment["WINDOWD_SOCKET"], !explicit.isEmpty { return nil }
        guard let text = environment["WINDOWD_APP"], !text.isEmpty else { return nil }
        return text
    }

    /// `names` (by default ``variables``) as this process's environment has them.
    public static func processEnvironment(_ names: [String] = variables) -> [String: String] {
        var environment: [String: String] = [:]
        for key in names {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return environment
    }
}

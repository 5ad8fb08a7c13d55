extension SocketPath {
    /// What to do when nothing answers at `path`, for "cannot reach windowd" messages: for an
    /// app's socket (`APP_ID.sock` in a socket directory, ``directory(environment:uid:)``: one
    /// named `windowd` or `windowd-UID`), how to start that app's instance; else how to name the socket.
    ///
    /// Clients never start an instance themselves: a service manager does (socket activation),
    /// or the user does, by hand (windowd(8), Apps and instances; the choice is in windowd(8)).
    public static func startAdvice(for path: String) -> String {
        let (app, manager) = place(of: path)
        guard let app else { return "is windowd running? set --socket or WINDOWD_SOCKET" }
        let systemctl = manager == .system ? "systemctl" : "systemctl --user"
        return "is app \(app)'s instance running? start it with '\(systemctl) enable --now windowd@\(app).socket' "
            + "or 'windowd --app \(app)'"
    }

    /// What to do when the daemon at `path` takes the connection but does not answer: the unit to
    /// look at, when the path is one a service manager's units listen on (`/run/windowd` for the
    /// system's, `$XDG_RUNTIME_DIR/windowd` for a user's).
    public static func stuckAdvice(for path: String) -> String {
        let (app, manager) = place(of: path)
        guard let manager else { return "is it stopped or stuck?" }
        let unit = app.map { "windowd@\($0)" } ?? "windowd"
        return "is it stopped or stuck? see '\(manager == .system ? "systemctl" : "systemctl --user") status \(unit)'"
    }

    /// The service manager whose units listen in a socket directory.
    private enum Manager { case system, user }

    /// The app whose socket `path` is (`APP_ID.sock` in a directory named `windowd` or
    /// `windowd-UID`), and the manager whose units listen there, if any.
    private static func place(of path: String) -> (app: AppID?, manager: Manager?) {
        let components = path.split(separator: "/").map(String.init)
        let name = components.last ?? path
        let directory = components.dropLast().last ?? ""
        var app: AppID?
        if directory == "windowd" || directory.hasPrefix("windowd-"), name.hasSuffix(".sock") {
            app = try? AppID(validating: String(name.dropLast(5)))
        }
        let parent = components.dropLast()
        let manager: Manager? =
            parent.elementsEqual(["run", "windowd"])
            ? .system
            : parent.count == 4 && parent.starts(with: ["run", "user"]) && parent.last == "windowd"
                ? .user
                : nil
        return (app, manager)
    }
}

extension SocketPath {
    /// What to do when nothing answers at `path`, for "cannot reach windowd" messages: for an
    /// app's socket (`APP_ID.sock` in a socket directory, ``directory(environment:uid:)``: one
    /// named `windowd` or `windowd-UID`), how to start that app's instance; else how to name the socket.
    ///
    /// Clients never start an instance themselves: a service manager does (socket activation),
    /// or the user does, by hand (SPEC section 12; the choice is in windowd(8)).
    public static func startAdvice(for path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        let name = components.last ?? path
        let directory = components.dropLast().last ?? ""
        if directory == "windowd" || directory.hasPrefix("windowd-"), name.hasSuffix(".sock"), let app = try? AppID(validating: String(name.dropLast(5))) {
            return "is app \(app)'s instance running? start it with 'systemctl --user enable --now windowd@\(app).socket' "
                + "or 'windowd --app \(app)'"
        }
        return "is windowd running? set --socket or WINDOWD_SOCKET"
    }
}

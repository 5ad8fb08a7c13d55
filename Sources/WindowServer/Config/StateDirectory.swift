package import WindowProtocol

/// Where durable state lives (windowd.toml(5); windowd(8), Apps and instances).
package enum StateDirectory {
    /// The config's `state.directory`, else `$STATE_DIRECTORY` (systemd), else
    /// `$XDG_STATE_HOME/windowd`, else `/var/lib/windowd` for root, else `~/.local/state/windowd`;
    /// for an app, its directory `APP_ID` below that, except that `$STATE_DIRECTORY` is the
    /// app's own as it is: the system's template unit gives each instance its own
    /// (`StateDirectory=windowd-%i`); the user units set none.
    package static func resolve(
        configured: String,
        environment: [String: String],
        uid: UInt32,
        app: AppID? = nil
    ) -> String {
        let windowd = resolveWindowd(configured: configured, environment: environment, uid: uid)
        guard let app else { return windowd }
        if configured.isEmpty, environment["STATE_DIRECTORY"] != nil { return windowd }
        return windowd + "/" + app.rawValue
    }

    private static func resolveWindowd(configured: String, environment: [String: String], uid: UInt32) -> String {
        if !configured.isEmpty { return configured }
        if let systemd = environment["STATE_DIRECTORY"], let first = systemd.split(separator: ":").first {
            return String(first)
        }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/windowd" }
        if uid == 0 { return "/var/lib/windowd" }
        return (environment["HOME"] ?? "/tmp") + "/.local/state/windowd"
    }
}

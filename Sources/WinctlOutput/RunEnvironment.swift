import POSIXSupport
package import WindowProtocol

/// What `winctl run` adds to its program's environment, so that the program (or a script it
/// starts) finds its window and the daemon that has it: `winctl storage get "$WINDOWD_WINDOW_ID"`.
///
/// ```swift
/// RunEnvironment.variables(window: window, socketPath: "/run/user/1000/windowd/editor.sock", app: "editor")
/// // ["WINDOWD_WINDOW_ID": "…", "WINDOWD_GROUP": "file", "WINDOWD_VALUE": "/home/me/notes.md",
/// //  "WINDOWD_SOCKET": "/run/user/1000/windowd/editor.sock", "WINDOWD_APP": "editor"]
/// ```
package enum RunEnvironment {
    /// The variables for `window`: its id, group and value (as `{value}` gives it: a string as it is, empty for a group without one), the
    /// daemon's socket, and the app id if one was chosen (`--app` or `WINDOWD_APP`).
    package static func variables(window: WindowInfo, socketPath: String, app: String?) -> [String: String] {
        let value: String
        if case .string(let text) = window.value { value = text } else { value = window.value.word ?? "" }
        var variables = [
            "WINDOWD_WINDOW_ID": window.id,
            "WINDOWD_GROUP": window.group,
            "WINDOWD_VALUE": value,
            "WINDOWD_SOCKET": socketPath,
        ]
        if let app, !app.isEmpty { variables["WINDOWD_APP"] = app }
        return variables
    }

    /// What a run of `program` asks of a window presented already: the program's arguments but
    /// the file, `value` as typed or as the path it names (`vim +120 f`: `["+120"]`).
    package static func request(program: [String], value: String?) -> [String] {
        RequestKeys.request(program.dropFirst()) { $0 == value || NormalPath.of($0) == value }
    }

    /// `base` (the presenter's own environment) with `variables` over it; a `WINDOWD_APP` of
    /// `base` goes when no app was chosen, so that the program's clients follow `WINDOWD_SOCKET`.
    package static func merged(_ variables: [String: String], into base: [String: String]) -> [String: String] {
        var environment = base
        if variables["WINDOWD_APP"] == nil { environment["WINDOWD_APP"] = nil }
        environment.merge(variables) { _, new in new }
        return environment
    }
}

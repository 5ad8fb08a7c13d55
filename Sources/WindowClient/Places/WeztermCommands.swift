/// `wezterm cli` argvs, addressed to the opener's mux socket when it is known.
enum WeztermCommands {
    /// `wezterm cli ARGS`, with `WEZTERM_UNIX_SOCKET` set to `socket` when there is one.
    static func cli(socket: String?, _ arguments: [String]) -> [String] {
        let command = ["wezterm", "cli"] + arguments
        guard let socket else { return command }
        return ["env", "WEZTERM_UNIX_SOCKET=" + socket] + command
    }
}

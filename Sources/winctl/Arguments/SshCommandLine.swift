import WindowClient

/// `winctl ssh`'s arguments, read as `ssh` reads them, and the `ssh` command line made of them.
struct SshCommandLine: Equatable {
    /// `ssh`'s options before HOST, as given.
    var options: [String]
    /// The host, as `ssh` names it.
    var host: String
    /// The remote command, its words joined by spaces as `ssh` joins them; empty for a login shell.
    var command: String

    /// The options of `ssh` that take an argument (ssh(1), SYNOPSIS).
    private static let withArgument = Set("BbcDEeFIiJLlmOoPpQRSWw")

    /// Splits `arguments` at HOST, the first word that is neither an option nor an option's argument;
    /// `nil` when there is none.
    init?(_ arguments: [String]) {
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index].hasPrefix("-") {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            // A cluster (-4p22): the first letter that takes an argument takes the rest, or the next word.
            if let letter = word.dropFirst().firstIndex(where: Self.withArgument.contains),
                word.index(after: letter) == word.endIndex
            {
                index += 1
            }
        }
        guard index < arguments.endIndex else { return nil }
        options = Array(arguments[..<index])
        host = arguments[index]
        command = arguments[(index + 1)...].joined(separator: " ")
    }

    /// What tells this daemon's forwards on HOST from others': a hash (FNV-1a) of this host's
    /// name and `local`, the daemon's socket for HOST, in hexadecimal.
    static func key(host: String, local: String) -> String {
        let hash = (host + "\0" + local).utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
            ($0 ^ UInt64($1)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// `ssh` forwarding a fresh path on HOST, `/tmp/windowd-ssh-KEY-NONCE.sock`, to the `local`
    /// socket, then running the command (or a login shell) there through `sh -c`, so that no
    /// server setting (`AcceptEnv`) is needed, with `WINDOWD_APP` and `WINDOWD_SOCKET` set: a
    /// link `.windowd-ssh-KEY.sock` in `$XDG_RUNTIME_DIR` (else `$HOME`) to the live forward of
    /// KEY (this host and app), so that a presenter that outlives the connection (in a tmux there)
    /// reaches the next one. At the end the fresh path is removed, and the link goes to another
    /// live forward of KEY, or away. With a terminal when this one has one.
    /// KEY is ``key(host:local:)``.
    func argv(local: String, key: String, nonce: String, app: String?, terminal: Bool) -> [String] {
        let fresh = "/tmp/windowd-ssh-\(key)-\(nonce).sock"
        let link = #""${XDG_RUNTIME_DIR:-$HOME}"/"# + ShellQuote.word(".windowd-ssh-\(key).sock")
        let program = command.isEmpty ? "-l" : "-c " + ShellQuote.word(command)
        let script = [
            "F=\(ShellQuote.word(fresh)); WINDOWD_SOCKET=\(link); export WINDOWD_SOCKET",
            app.map { "WINDOWD_APP=\(ShellQuote.word($0)); export WINDOWD_APP" } ?? ":",
            #"ln -sfn "$F" "$WINDOWD_SOCKET""#,
            #"trap 'rm -f "$F"; if [ "$(readlink "$WINDOWD_SOCKET")" = "$F" ]; then rm -f "$WINDOWD_SOCKET"; "#
                + #"for o in /tmp/windowd-ssh-\#(key)-*.sock; do [ -S "$o" ] && [ -O "$o" ] && "#
                + #"ln -sfn "$o" "$WINDOWD_SOCKET"; done; fi' EXIT"#,
            #"trap 'exit 129' HUP TERM; "${SHELL:-sh}" "# + program,
        ].joined(separator: "; ")
        return ["ssh"] + (terminal ? ["-t"] : [])
            + ["-o", "ExitOnForwardFailure=yes", "-o", "StreamLocalBindUnlink=yes", "-R", "\(fresh):\(local)"]
            + options + [host, "sh -c " + ShellQuote.word(script)]
    }
}

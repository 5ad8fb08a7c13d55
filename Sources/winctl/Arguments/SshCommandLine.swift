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

    /// `ssh` forwarding `remote` on HOST to the `local` socket, then running the command (or a
    /// login shell) there with `WINDOWD_SOCKET` (and `WINDOWD_APP`) set, through `sh -c` so that
    /// no server setting (`AcceptEnv`) is needed, and `remote` removed when it ends; with a
    /// terminal when this one has one.
    func argv(local: String, remote: String, app: String?, terminal: Bool) -> [String] {
        let variables = [("WINDOWD_SOCKET", remote)] + (app.map { [("WINDOWD_APP", $0)] } ?? [])
        let program = command.isEmpty ? "-l" : "-c " + ShellQuote.word(command)
        let script =
            variables.map { "\($0)=\(ShellQuote.word($1)); export \($0); " }.joined()
            + #"trap 'rm -f "$WINDOWD_SOCKET"' EXIT; trap 'exit 129' HUP TERM; "${SHELL:-sh}" "# + program
        return ["ssh"] + (terminal ? ["-t"] : [])
            + ["-o", "ExitOnForwardFailure=yes", "-o", "StreamLocalBindUnlink=yes", "-R", "\(remote):\(local)"]
            + options + [host, "sh -c " + ShellQuote.word(script)]
    }
}

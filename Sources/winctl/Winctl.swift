import ArgumentParser
import Glibc
import WinctlOutput
import WindowProtocol

/// `winctl`: the command-line client of windowd (winctl(1)).
///
/// Synchronous on purpose: scripts call it in loops, so a run is a connect, one
/// request and one response, with no event loop to start.
@main
struct Winctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "winctl",
        abstract: "Control windowd: open and present windows, change the app state, watch events.",
        discussion: """
            Human output by default; with --json, each result is printed as one JSON document \
            (the protocol's result object) and each event as its JSON line.

            A window ID can be given as a unique prefix of it, as winctl list and the attach view \
            show it. Negative numbers are values (winctl open detail -5); other values that start \
            with - follow a --.

            Exit status: 0 success, 1 the daemon refused the request (with --json its JSON-RPC \
            error object is printed on standard output), 64 usage error, 69 the daemon cannot be \
            reached or did not answer within --timeout.
            """,
        version: ProtocolVersion.software,
        subcommands: [
            Open.self, Close.self, Focus.self, List.self, Attach.self,
            Phase.self, State.self, Transition.self, Login.self, Logout.self,
            Storage.self, Watch.self, Status.self, Groups.self, Reload.self, Apps.self, Launch.self, Run.self,
            Wrap.self, Init.self, Restore.self, Last.self, Ssh.self,
        ]
    )

    @OptionGroup var options: GlobalOptions

    /// Parses the command line, with negative numbers as values, and runs the command.
    static func main() {
        do {
            var command = try parseAsRoot(NegativeNumbers.rewrite(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            exitEscaping(error)
        }
    }

    /// Exits as ArgumentParser's `exit(withError:)` does, except that an error's message, which
    /// quotes what was typed, is written with its control characters escaped, as every line
    /// winctl prints (winctl(1), "Values"); help, versions and completion scripts go out as they are.
    private static func exitEscaping(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        let message = fullMessage(for: error)
        if !message.isEmpty { Console.report(message) }
        Glibc.exit(code.rawValue)
    }

    func run() throws {
        throw MissingCommand.report(Winctl.self)
    }
}

import ArgumentParser
import WinctlOutput
import WindowPlaces

extension Winctl {
    /// `winctl launch [--title T] -- ARGV…`: start a command in a new terminal window where winctl
    /// runs, as `winctl open` starts a group's command: for clients that cannot learn their place
    /// themselves (the Python client starts the `command` of a `window.open` result with it).
    struct Launch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "launch",
            abstract: "Start a command in a new terminal window here: a tmux or screen window of this session, a kitty window, a terminal emulator window.",
            discussion: "What winctl open does with a window.open result's command; clients that cannot find their place use it."
        )

        @Option(help: "The new window's title.")
        var title = "windowd"

        @Argument(parsing: .captureForPassthrough, help: "The argv to start (no shell), after --.")
        var command: [String] = []

        /// The argv, without the `--` that ends the options.
        private var argv: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

        func validate() throws {
            if argv.isEmpty { throw ValidationError("give the command to start after --, e.g. winctl launch -- winctl attach ID") }
        }

        func run() throws {
            if let failure = OwnPlace.launch(argv, title: title, at: OwnPlace.detect(outer: false)) {
                Console.error("could not start \(ValueText.command(argv)): \(failure)")
                throw ExitStatus.refused
            }
        }
    }
}

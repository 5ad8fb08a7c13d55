import ArgumentParser
import WinctlOutput
import WindowClient

extension Winctl {
    /// `winctl launch [--title T] [--window ID] -- ARGV…`: start a command in a new terminal window
    /// where winctl runs, as `winctl open` starts a group's command, with `WINDOWD_SOCKET`,
    /// `WINDOWD_APP` and `WINDOWD_WINDOW_ID` for it: for clients that cannot learn their place
    /// themselves (the Python client starts the `command` of a `window.open` result with it).
    struct Launch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "launch",
            abstract:
                "Start a command in a new terminal window here: a tmux or screen window of this session, a kitty window, a terminal emulator window.",
            discussion:
                "What winctl open does with a window.open result's command; clients that cannot find their place use it."
        )

        @OptionGroup var options: GlobalOptions

        @Option(help: "The new window's title.")
        var title = "windowd"

        @Option(
            name: .customLong("window"),
            help: ArgumentHelp(
                "The id of the window the command presents, passed to it as WINDOWD_WINDOW_ID.",
                valueName: "id"
            )
        )
        var windowID: String?

        @Argument(parsing: .captureForPassthrough, help: "The argv to start (no shell), after --.")
        var command: [String] = []

        /// The argv, without the `--` that ends the options.
        private var argv: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

        func validate() throws {
            if argv.isEmpty {
                throw ValidationError("give the command to start after --, e.g. winctl launch -- winctl attach ID")
            }
        }

        func run() throws {
            let variables = options.launchVariables(windowID: windowID)
            if let failure = OwnPlace.launch(
                argv,
                title: title,
                at: OwnPlace.detect(outer: false),
                variables: variables
            ) {
                Console.error("could not start \(ValueText.command(argv)): \(failure)")
                if let windowID {
                    DaemonClient.reportLaunchEnded(windowID, reason: "could not start: " + failure, options: options)
                }
                throw ExitStatus.refused
            }
        }
    }
}

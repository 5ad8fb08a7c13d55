import ArgumentParser
import Glibc
import WinctlOutput
import WindowProtocol

extension Winctl {
    /// `winctl attach [ID | GROUP [VALUE]]`: this terminal becomes the window's presenter until it exits.
    struct Attach: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "attach",
            abstract: "Present a window here until it is dismissed or you detach.",
            discussion: """
                Give a window id (or a unique prefix of it, as winctl list and the view show), or a group \
                (and value) to open or reuse its window. A name that is both a group and the start of an id \
                is the group.

                On a terminal, the window takes over the screen: the view for the app state, \
                redrawn as it changes. Focus in and out of the terminal set the window's phase \
                (active, inactive), Ctrl-Z sets background and suspends; Tab switches the panel, \
                q detaches. If windowd restarts, it reconnects and attaches again; after \
                --give-up seconds without windowd it exits 69.

                With --no-tty, --json or output that is not a terminal: prints the window, then \
                its events as they come (JSON lines with --json). Lines on standard input: 'q' \
                detaches, 'active', 'inactive', 'background' set the window's phase. Exits 0 when \
                the window is dismissed or detached, 69 when the daemon goes away.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "A window id (or a unique prefix of it), or the id of a window group.",
                valueName: "id-or-group"
            )
        )
        var window: String

        @Argument(help: "With a group: the value to open or reuse a window for.")
        var value: String?

        @OptionGroup var presenter: PresenterOptions

        @Flag(help: "Present in line mode even on a terminal.")
        var noTTY = false

        func run() throws {
            // The blocking client first: a daemon that does not answer within --timeout is exit 69
            // (WindowKit would wait for it), and an id prefix is resolved as every command does.
            let client = try DaemonClient(options)
            _ = try client.call(Hello.self, Hello.Params(client: "winctl", protocol: ProtocolVersion.current))
            let target = try AttachTarget.resolve(window, value, using: client)
            let lineMode = noTTY || options.json || isatty(0) != 1 || isatty(1) != 1
            var arguments = ["--socket=" + options.socketPath] + presenter.arguments
            arguments += target.presenterArguments
            if lineMode { arguments.append("--line-mode") }
            if options.json { arguments.append("--json") }
            // The presenter is async, on WindowKit; the one-shot commands stay on the blocking client.
            throw PresenterLauncher.exec(arguments)
        }
    }
}

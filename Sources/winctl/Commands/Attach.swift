import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl attach [ID | GROUP [VALUE]]`: this terminal becomes the window's presenter until it exits.
    struct Attach: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Present a window here until it is dismissed or you detach.",
            discussion: """
                Give a window id, or a group (and value) to open or reuse its window. Prints the \
                window, then its events as they come (JSON lines with --json). Lines on standard \
                input: 'q' detaches, 'active', 'inactive', 'background' set the window's phase. \
                Exits 0 when the window is dismissed or detached, 69 when the daemon goes away.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("A window id, or the id of a window group.", valueName: "id-or-group"))
        var window: String

        @Argument(help: "With a group: the value to open or reuse a window for.")
        var value: String?

        @Option(help: "The phase to start in.")
        var phase: ScenePhase = .active

        @Flag(help: "Take the window over if another presenter has it (that one is dismissed).")
        var takeover = false

        func run() throws {
            let client = try DaemonClient(options)
            let target = AttachTarget(window, value)
            let reply = try client.call(WindowAttach.self, target.params(phase: phase, takeover: takeover))
            client.show(reply) { AttachText.lines($0) }
            try LinePresenter(client: client, window: reply.result.window).run()
        }
    }
}

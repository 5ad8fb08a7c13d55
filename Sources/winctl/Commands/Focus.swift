import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl focus ID`: bring a window to front (its presenter receives `window.focus`).
    struct Focus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "focus",
            abstract: "Bring a window to front (its presenter is told to raise itself)."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id, or a unique prefix of it.")
        var id: String

        func run() throws {
            let client = try DaemonClient(options)
            try client.perform(WindowFocus.self, WindowIDParams(id: try client.windowID(id))) { result in
                ["\(result.window.id) brought to front"]
            }
        }
    }
}

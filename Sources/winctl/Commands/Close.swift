import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl close ID`: close a window; its presenter is dismissed and its scene storage destroyed.
    struct Close: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "close",
            abstract: "Close a window: its presenter is dismissed and its scene storage destroyed."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id, or a unique prefix of it.")
        var id: String

        func run() throws {
            let client = try DaemonClient(options)
            try client.perform(WindowClose.self, WindowIDParams(id: try client.windowID(id))) { result in
                ["\(result.window.id) closed"]
            }
        }
    }
}

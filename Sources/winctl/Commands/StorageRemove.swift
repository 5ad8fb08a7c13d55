import ArgumentParser
import WindowProtocol

extension Winctl.Storage {
    /// `winctl storage rm ID KEY`: remove one key of a window's scene storage.
    struct RemoveKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove one key of a window's scene storage.",
            aliases: ["remove"]
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id.")
        var id: String

        @Argument(help: "The key.")
        var key: String

        func run() throws {
            try DaemonClient(options).perform(StorageRemove.self, StorageRemove.Params(id: id, key: key)) { _ in [] }
        }
    }
}

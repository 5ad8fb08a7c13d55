import ArgumentParser
import WindowProtocol

extension Winctl.Storage {
    /// `winctl storage rm ID KEY`: remove one key of a window's scene storage.
    struct RemoveKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove one key of a window's scene storage.",
            discussion:
                "Prints 'ID KEY removed'. A key that is not set is not an error: afterwards it is not set either way.",
            aliases: ["remove"]
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id, or a unique prefix of it.")
        var id: String

        @Argument(help: "The key.")
        var key: String

        func run() throws {
            let client = try DaemonClient(options)
            let windowID = try client.windowID(id)
            try client.perform(StorageRemove.self, StorageRemove.Params(id: windowID, key: key)) { _ in
                ["\(windowID) \(key) removed"]
            }
        }
    }
}

import ArgumentParser
import WindowProtocol

extension Winctl.Storage {
    /// `winctl storage set ID KEY JSON`: set one key of a window's scene storage.
    struct SetKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set one key of a window's scene storage to a JSON value.",
            discussion: "JSON is any JSON value: 42, true, null, '\"text\"', '[1,2]', '{\"a\":1}'."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id.")
        var id: String

        @Argument(help: "The key.")
        var key: String

        @Argument(help: ArgumentHelp("The value, as JSON.", valueName: "json"))
        var value: String

        func validate() throws {
            _ = try JSONArgument.parse(value)
        }

        func run() throws {
            let json = try JSONArgument.parse(value)
            try DaemonClient(options).perform(StorageSet.self, StorageSet.Params(id: id, key: key, value: json)) { _ in [] }
        }
    }
}

import ArgumentParser
import WindowProtocol

extension Winctl.Storage {
    /// `winctl storage set ID KEY JSON`: set one key of a window's scene storage.
    struct SetKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set one key of a window's scene storage to a JSON value.",
            discussion: """
                JSON is any JSON value: 42, -1.5, true, null, '"text"', '[1,2]', '{"a":1}'. \
                Prints 'ID KEY = JSON'.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id, or a unique prefix of it.")
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
            let client = try DaemonClient(options)
            let windowID = try client.windowID(id)
            try client.perform(StorageSet.self, StorageSet.Params(id: windowID, key: key, value: json)) { result in
                ["\(windowID) \(key) = \((result.storage[key] ?? json).jsonText)"]
            }
        }
    }
}

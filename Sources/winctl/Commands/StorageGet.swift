import ArgumentParser
import WinctlOutput
import WindowProtocol

extension Winctl.Storage {
    /// `winctl storage get ID [KEY]`: a window's scene storage, or one value of it.
    struct GetKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Show a window's scene storage, or the JSON value of one key.",
            discussion: """
                A KEY that is not set prints nothing on standard output (a note goes to standard error) \
                and exits 0; a key set to null prints null. With --json: {"storage":{KEY: value}}, or \
                {"storage":{}} when it is not set.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id, or a unique prefix of it.")
        var id: String

        @Argument(help: "Only this key.")
        var key: String?

        func run() throws {
            let client = try DaemonClient(options)
            let windowID = try client.windowID(id)
            let reply = try client.call(StorageGet.self, StorageGet.Params(id: windowID, key: key))
            if let key, reply.result.storage[key] == nil, !options.json {
                Console.error("window \(windowID) has no scene storage key '\(key)'")
                return
            }
            client.show(reply) { result in
                if let key { return [result.storage[key]!.jsonText] }
                let rows = result.storage.keys.sorted().map { [$0, result.storage[$0]!.jsonText] }
                return Table(header: [], rows: rows).lines
            }
        }
    }
}

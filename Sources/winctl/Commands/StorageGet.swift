import ArgumentParser
import WindowProtocol

extension Winctl.Storage {
    /// `winctl storage get ID [KEY]`: a window's scene storage, or one value of it.
    struct GetKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Show a window's scene storage, or the JSON value of one key.",
            discussion: "A KEY that is not set is reported on standard error, with exit status 1."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window's id.")
        var id: String

        @Argument(help: "Only this key.")
        var key: String?

        func run() throws {
            let client = try DaemonClient(options)
            let reply = try client.call(StorageGet.self, StorageGet.Params(id: id, key: key))
            if let key, reply.result.storage[key] == nil {
                Console.error("window \(id) has no scene storage key '\(key)'")
                throw ExitStatus.refused
            }
            client.show(reply) { result in
                if let key { return [result.storage[key]!.jsonText] }
                let rows = result.storage.keys.sorted().map { [$0, result.storage[$0]!.jsonText] }
                return Table(header: [], rows: rows).lines
            }
        }
    }
}

import ArgumentParser

extension Winctl {
    /// `winctl storage get|set|rm`: a window's scene storage.
    struct Storage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "storage",
            abstract: "Read and change a window's scene storage.",
            subcommands: [GetKey.self, SetKey.self, RemoveKey.self]
        )

        func run() throws {
            throw MissingCommand.report(Storage.self)
        }
    }
}

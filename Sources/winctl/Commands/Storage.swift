import ArgumentParser

extension Winctl {
    /// `winctl storage get|set|rm`: a window's scene storage.
    struct Storage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "storage",
            abstract: "Read and change a window's scene storage.",
            discussion: """
                One rule for all three: the exit status is the daemon's answer. 1 only when the daemon \
                refuses (no such window, over the storage limit); a key that is not set is an answer, not \
                a refusal. get prints the value as JSON, or nothing when the key is not set (with a note \
                on standard error); set and rm print one line each, like close; rm of a key that is not \
                set succeeds (like rm -f). With --json each prints the window's storage after the request.
                """,
            subcommands: [GetKey.self, SetKey.self, RemoveKey.self]
        )

        func run() throws {
            throw MissingCommand.report(Storage.self)
        }
    }
}

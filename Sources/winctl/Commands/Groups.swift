import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl groups`: the window groups of the config in force.
    struct Groups: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "groups",
            abstract:
                "List the configured window groups: value type, restore, requires-auth, open windows, what starts a window."
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try DaemonClient(options).perform(DaemonGroups.self, NoParams()) { result in
                GroupTable.lines(result.groups)
            }
        }
    }
}

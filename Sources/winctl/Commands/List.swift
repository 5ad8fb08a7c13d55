import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl list [--group G]`: the windows, oldest first, as a table.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the windows, oldest first: id, group, value, phase, attached, pid, place."
        )

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp("Only windows of this group.", valueName: "group"))
        var group: String?

        @Flag(help: "The most recently active first.")
        var recent = false

        func run() throws {
            try DaemonClient(options).perform(WindowList.self, WindowList.Params(group: group)) { result in
                WindowTable.lines(recent ? WindowTable.recent(result.windows) : result.windows)
            }
        }
    }
}

import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl groups`: the window groups of the config in force.
    struct Groups: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "groups",
            abstract: "List the configured window groups: value type, restore, requires-auth, open windows, launch command."
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try DaemonClient(options).perform(DaemonGroups.self, NoParams()) { result in
                var table = Table(header: ["GROUP", "VALUE", "RESTORE", "AUTH", "WINDOWS", "LAUNCH"])
                for group in result.groups {
                    table.rows.append([
                        group.id, group.valueType, group.restore ? "yes" : "no", group.requiresAuth ? "yes" : "no",
                        String(group.windows), group.launch.isEmpty ? "-" : group.launch.joined(separator: " "),
                    ])
                }
                return table.lines
            }
        }
    }
}

extension Winctl.Groups: PlainValuesCommand {
    static let valueCount = 0...0

    init(options: GlobalOptions, values: [String]) {
        self.init()
        self.options = options
    }
}

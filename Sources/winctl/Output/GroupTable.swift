import WindowProtocol

/// The `winctl groups` table: GROUP VALUE RESTORE AUTH WINDOWS STARTS.
enum GroupTable {
    /// The table's lines, header first.
    static func lines(_ groups: [DaemonGroups.Group]) -> [String] {
        var table = Table(header: ["GROUP", "VALUE", "RESTORE", "AUTH", "WINDOWS", "STARTS"])
        for group in groups {
            table.rows.append([
                group.id, group.valueType, group.restore ? "yes" : "no", group.requiresAuth ? "yes" : "no",
                String(group.windows), starts(group),
            ])
        }
        return table.lines
    }

    /// What starts a new window of `group`: the `launch` override the daemon runs, else the
    /// program the group runs under `winctl run`, else its `command`; `-` for none. The argv is
    /// written word by word as `winctl list` writes a value (a word with a space or a quote in
    /// JSON quotes), so that it reads back unambiguously.
    static func starts(_ group: DaemonGroups.Group) -> String {
        let (key, argv) =
            !group.launch.isEmpty
            ? ("launch", group.launch)
            : !group.run.isEmpty
                ? ("run", group.run)
                : ("command", group.command)
        guard !argv.isEmpty else { return "-" }
        return key + ": " + argv.map { JSONValue.string($0).word ?? "" }.joined(separator: " ")
    }
}

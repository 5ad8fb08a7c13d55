import WinctlOutput
import WindowProtocol

/// The `winctl list` table: ID GROUP VALUE PHASE ATTACHED PLACE.
enum WindowTable {
    /// The table's lines, header first; a `null` value, and no place, show as `-`.
    static func lines(_ windows: [WindowInfo]) -> [String] {
        var table = Table(header: ["ID", "GROUP", "VALUE", "PHASE", "ATTACHED", "PLACE"])
        for window in windows {
            table.rows.append([
                window.id,
                window.group,
                ValueText.word(window.value) ?? "-",
                window.phase.rawValue,
                window.attached ? "yes" : "no",
                window.place?.label ?? "-",
            ])
        }
        return table.lines
    }
}

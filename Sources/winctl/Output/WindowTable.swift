import WinctlOutput
import WindowProtocol

/// The `winctl list` table: ID GROUP VALUE PHASE ATTACHED PID PLACE.
enum WindowTable {
    /// The table's lines, header first; a `null` value, no pid and no place show as `-`.
    static func lines(_ windows: [WindowInfo]) -> [String] {
        var table = Table(header: ["ID", "GROUP", "VALUE", "PHASE", "ATTACHED", "PID", "PLACE"])
        for window in windows {
            table.rows.append([
                window.id,
                window.group,
                ValueText.word(window.value) ?? "-",
                window.phase.rawValue,
                window.attached ? "yes" : "no",
                window.pid.map(String.init) ?? "-",
                window.place?.label ?? "-",
            ])
        }
        return table.lines
    }

    /// `windows`, the most recently active first, those never active last.
    static func recent(_ windows: [WindowInfo]) -> [WindowInfo] {
        windows.sorted { ($0.lastActiveAt ?? "") > ($1.lastActiveAt ?? "") }
    }
}

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

    /// `windows` (oldest first), those active now first, then the most recently active: the
    /// reverse of the order in which winctl restore brings them back.
    static func recent(_ windows: [WindowInfo]) -> [WindowInfo] {
        windows.enumerated().sorted {
            ($0.element.phase == .active ? 1 : 0, $0.element.lastActiveAt ?? "", $0.offset)
                > ($1.element.phase == .active ? 1 : 0, $1.element.lastActiveAt ?? "", $1.offset)
        }
        .map(\.element)
    }
}

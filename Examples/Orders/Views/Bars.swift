import WindowKit

/// The title bar at the top and the status bar at the bottom of every screen.
///
/// ```swift
/// Bars.title(" orders · main", right: Bars.phases(scene, link), width: 80)
/// ```
enum Bars {
    /// `left` and `right` on one inverse line of `width`, `right` flush right.
    static func title(_ left: String, right: String, width: Int) -> ScreenLine {
        let gap = width - left.count - right.count
        let text =
            gap >= 1 ? left + String(repeating: " ", count: gap) + right : String((left + " " + right).prefix(width))
        return ScreenLine(text, style: .inverse)
    }

    /// What the title bar says on the right: this window's phase and the app's, or the link.
    static func phases(_ phase: ScenePhase, app aggregate: ScenePhase, link: ConnectionStatus) -> String {
        switch link {
        case .connected: return "phase \(phase.rawValue) · app \(aggregate.rawValue) "
        case .reconnecting(let attempt): return "reconnecting to windowd (\(attempt))… "
        case .closed: return "windowd is gone "
        }
    }

    /// The status bar: `text` in reverse video.
    static func status(_ text: String) -> ScreenLine {
        ScreenLine(" " + text, style: .inverse)
    }

    /// `lines` between a title and a status bar, on a screen of `rows`.
    static func screen(title: ScreenLine, body: [ScreenLine], status: ScreenLine, rows: Int) -> [ScreenLine] {
        let height = max(0, rows - 2)
        var lines = [title] + body.prefix(height)
        while lines.count < rows - 1 { lines.append(.blank) }
        lines.append(status)
        return lines
    }
}

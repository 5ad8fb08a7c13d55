/// The table of ``PlaceFocusSuite``'s figures: per environment, windowd's bring to front and
/// the environment's own command, and their ratio.
enum PlaceFocusTable {
    static func render(_ results: [PlaceFocusSuite.Result], command: String) -> String {
        var lines = [
            "",
            "bring to front (\(command)): from the command until the place's own query says the terminal is focused",
        ]
        lines.append(
            pad("#  path", 44) + pad("p50", 12) + pad("p99", 12) + pad("exited p50", 12) + pad("samples", 9)
                + "p50 ratio (windowd/by hand)"
        )
        for result in results {
            let ratio =
                result.manual.p50 == 0
                ? "—" : NumberText.fixed(Double(result.windowd.p50) / Double(result.manual.p50), 2)
            lines.append(
                row("   \(result.environment): winctl open (windowd)", result.windowd, result.windowdExited, ratio)
            )
            lines.append(row("   \(result.environment): \(result.byHand)", result.manual, result.manualExited, ""))
        }
        lines.append(
            "   Two presenters (winctl attach detail 1 and 2) take turns; each sample brings the one behind to front, after 2 unmeasured."
        )
        lines.append(
            "   exited: until the command's process was reaped; for winctl open the rest is the presenter's (the daemon's window.focus to it, its place command)."
        )
        lines.append(
            "   In front: tmux display-message -p #{window_index}, kitty's ls (is_focused), i3's and sway's GET_TREE (focused), polled without a pause."
        )
        lines.append(
            "   tmux: a client attached through script(1); kitty under Xvfb, software GL (kitty @ is kitty's Python CLI); i3 + xterm under Xvfb;"
        )
        lines.append("   sway + foot headless, sway, windowd and the presenters as the session's user.")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(
        _ label: String,
        _ summary: LatencySummary,
        _ exited: LatencySummary,
        _ ratio: String
    ) -> String {
        pad(label, 44) + pad(NumberText.duration(summary.p50), 12) + pad(NumberText.duration(summary.p99), 12)
            + pad(NumberText.duration(exited.p50), 12) + pad("\(summary.samples)", 9) + ratio
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// The table of ``PlaceFocusSuite``'s figures: per environment, windowd's bring to front and
/// the environment's own command, and their ratio.
enum PlaceFocusTable {
    static func render(_ results: [PlaceFocusSuite.Result], command: String) -> String {
        var lines = ["", "bring to front (\(command)): from the command to the terminal's focus-in seen by a subscriber (window.phase active)"]
        lines.append(pad("#  path", 44) + pad("p50", 12) + pad("p99", 12) + pad("samples", 9) + "p50 ratio (windowd/by hand)")
        for result in results {
            let ratio = result.manual.p50 == 0 ? "—" : NumberText.fixed(Double(result.windowd.p50) / Double(result.manual.p50), 2)
            lines.append(row("   \(result.environment): winctl open (windowd)", result.windowd, ratio))
            lines.append(row("   \(result.environment): \(result.byHand)", result.manual, ""))
        }
        lines.append("   Two presenters (winctl attach detail 1 and 2) take turns; each sample brings the one behind to front, after 2 unmeasured.")
        lines.append("   tmux: a client attached through script(1); kitty 0.26 under Xvfb, software GL; kitty @ is kitty's Python CLI.")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ label: String, _ summary: LatencySummary, _ ratio: String) -> String {
        pad(label, 44) + pad(NumberText.duration(summary.p50), 12) + pad(NumberText.duration(summary.p99), 12) + pad("\(summary.samples)", 9) + ratio
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

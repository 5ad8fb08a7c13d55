/// The table `make bench-check` prints: per figure, each build's ratio (the median of its
/// rounds), the committed ratio, the limit its band allows, and the verdict on the first build
/// (the working tree); then the medians behind each ratio and the spread of its rounds.
struct CheckTable {
    var title: String
    var builds: [CheckSuite.Build]
    /// Per build: each figure's pairs from every round.
    var results: [[CheckFigure: [CheckPair]]]
    var baseline: CheckBaseline
    var baselinePath: String

    /// Per build, each figure's median ratio.
    var ratios: [[CheckFigure: Double]] {
        results.map { pairs in pairs.mapValues { median($0.map(\.ratio)) } }
    }

    /// The figures of the first build that are worse than their band allows.
    var failures: [CheckFigure] {
        guard let ours = ratios.first else { return [] }
        return CheckFigure.allCases.filter { figure in ours[figure].map { !baseline.accepts($0, for: figure) } ?? false
        }
    }

    func render() -> String {
        let ratios = self.ratios
        var header = NumberText.pad("figure (windowd / peer)", 38) + NumberText.pad("peer", 36) + NumberText.pad("", 7)
        for build in builds { header += NumberText.pad(String(build.label.prefix(12)), 13, right: true) }
        header +=
            NumberText.pad("baseline", 10, right: true) + NumberText.pad("band", 7, right: true)
            + NumberText.pad("allowed", 10, right: true) + "   verdict"
        var lines = [title, "", header, String(repeating: "-", count: header.count)]
        for figure in CheckFigure.allCases {
            var line =
                NumberText.pad(figure.title, 38) + NumberText.pad(figure.peer, 36) + NumberText.pad(figure.unit, 7)
            for build in ratios.indices {
                line += NumberText.pad(
                    ratios[build][figure].map { NumberText.fixed($0, 3) + "×" } ?? "—",
                    13,
                    right: true
                )
            }
            let entry = baseline.entries[figure]
            line += NumberText.pad(entry.map { NumberText.fixed($0.ratio, 3) + "×" } ?? "—", 10, right: true)
            line += NumberText.pad(entry.map { NumberText.fixed($0.band, 2) } ?? "—", 7, right: true)
            line += NumberText.pad(
                baseline.limit(figure).map { (figure.higherIsBetter ? "≥ " : "≤ ") + NumberText.fixed($0, 3) } ?? "—",
                10,
                right: true
            )
            let verdict: String
            if let ours = ratios.first?[figure] {
                verdict = entry == nil ? "no baseline" : baseline.accepts(ours, for: figure) ? "ok" : "WORSE"
            } else {
                verdict = "not measured"
            }
            lines.append(line + "   " + verdict)
        }
        lines += ["", "Medians behind each ratio (windowd | peer) and the ratio's range over the rounds:"]
        for (index, build) in builds.enumerated() {
            lines.append("  \(build.label) (\(build.windowd)):")
            for figure in CheckFigure.allCases {
                guard let pairs = results[index][figure], !pairs.isEmpty else { continue }
                let ours = figure.text(median(pairs.map(\.windowd)))
                let theirs = figure.text(median(pairs.map(\.peer)))
                let range = pairs.map(\.ratio)
                lines.append(
                    "    " + NumberText.pad(figure.title, 38) + NumberText.pad(ours, 12, right: true) + " | "
                        + NumberText.pad(theirs, 12, right: true) + "   "
                        + NumberText.fixed(range.min() ?? 0, 3) + "–" + NumberText.fixed(range.max() ?? 0, 3)
                        + "× over \(pairs.count) rounds"
                )
            }
        }
        lines += [
            "",
            "Ratio: windowd over its peer, the median of the rounds; each round measures both back to back through the same client",
            "  (JSON lines to windowd, RESP inline commands to redis-server, on Unix sockets). req/s: higher is better; p50, ms, MiB: lower.",
            "Baseline and band: \(baselinePath)"
                + (baseline.measured.isEmpty ? " (none committed)" : ", \(baseline.measured)") + ".",
            "  WORSE: the first build's ratio is beyond the committed one moved by its band (the spread measured for that figure).",
        ]
        if builds.count > 1 {
            lines.append("Builds alternate round by round (A B A B …); only the first build gets a verdict.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

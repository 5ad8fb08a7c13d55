/// Prints the rows as one plain-text table (Markdown-friendly: it goes into the README as is).
struct ResultTable {
    var title: String
    var rows: [BenchRow]
    var peers: [String: Figure]
    var notes: [String]

    /// The table's text.
    func render() -> String {
        var lines = [title, ""]
        let header =
            NumberText.pad("#", 3) + NumberText.pad("figure", 52) + NumberText.pad("N×P", 7)
            + NumberText.pad("req/s", 12, right: true) + NumberText.pad("p50", 11, right: true)
            + NumberText.pad("p99", 11, right: true) + NumberText.pad("p99.9", 11, right: true)
            + (peers.isEmpty ? "" : "   ratio (windowd/peer)")
        lines.append(header)
        lines.append(String(repeating: "-", count: header.count))
        for row in rows {
            lines.append(
                NumberText.pad(String(row.item), 3) + NumberText.pad(row.windowd.label, 52)
                    + NumberText.pad(row.shape, 7) + columns(row.windowd)
                    + (row.remark.map { "   " + $0 } ?? "")
            )
            for (key, comparisons) in row.peers {
                guard let peer = peers[key] else { continue }
                let ratios = comparisons.compactMap { comparison in
                    comparison.ratio(row.windowd, peer).map {
                        NumberText.ratio($0) + (comparison.name.isEmpty ? "" : " " + comparison.name)
                    }
                }
                lines.append(
                    NumberText.pad("", 3) + NumberText.pad("  vs " + peer.label, 59) + columns(peer) + "   "
                        + ratios.joined(separator: ", ")
                )
            }
        }
        if !notes.isEmpty {
            lines.append("")
            lines.append(contentsOf: notes)
        }
        return lines.joined(separator: "\n")
    }

    private func columns(_ figure: Figure) -> String {
        if let scalar = figure.scalar {
            return NumberText.pad("", 12)
                + NumberText.pad(
                    NumberText.fixed(scalar.value, scalar.value < 100 ? 2 : 1) + " " + scalar.unit,
                    33,
                    right: true
                )
        }
        let rate = figure.rate.map { NumberText.grouped($0) } ?? "—"
        let latency = figure.latency
        func cell(_ value: UInt64?) -> String { value.map { $0 == 0 ? "—" : NumberText.duration($0) } ?? "—" }
        return NumberText.pad(rate, 12, right: true) + NumberText.pad(cell(latency?.p50), 11, right: true)
            + NumberText.pad(cell(latency?.p99), 11, right: true) + NumberText.pad(cell(latency?.p999), 11, right: true)
    }
}

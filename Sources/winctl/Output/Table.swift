/// Left-aligned text columns separated by two spaces, for human listings.
struct Table {
    /// The header row; empty for a table without one.
    var header: [String]
    /// The data rows.
    var rows: [[String]] = []

    /// The table's lines, each column padded to its widest cell (the last column is not padded).
    var lines: [String] {
        let all = header.isEmpty ? rows : [header] + rows
        guard let columnCount = all.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columnCount)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }
    }
}

/// Small text layout helpers shared by the views.
enum LineLayout {
    /// The left margin of body text.
    static let margin = "   "

    /// `left` and `right` on one line of `width`, `right` flush right; `right` goes first when short of room.
    static func spread(_ left: String, _ right: String, width: Int) -> String {
        let gap = width - left.count - right.count
        guard gap >= 1 else { return String((left + " " + right).prefix(width)) }
        return left + String(repeating: " ", count: gap) + right
    }

    /// `cells` in columns as wide as their widest cell, two spaces apart, after the margin.
    static func table(_ rows: [[String]]) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = margin
            for (index, cell) in row.enumerated() {
                let isLast = index == row.count - 1
                line += isLast ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            return line
        }
    }
}

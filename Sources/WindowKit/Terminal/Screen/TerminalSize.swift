/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Cells per line.
    public var columns: Int
    /// Lines on the screen.
    public var rows: Int

    /// A size of `columns` × `rows`; negative numbers count as 0.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// The size assumed when the terminal does not tell: the classic 80 × 24.
    public static let fallback = TerminalSize(columns: 80, rows: 24)
}

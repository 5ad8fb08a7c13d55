/// The least a screen showing one frame must redraw to show another.
///
/// A frame of another size (or no frame at all) is redrawn whole, after clearing the
/// screen; otherwise only the rows whose line differs are rewritten.
public struct FrameDiff: Hashable, Sendable {
    /// One row to rewrite.
    public struct Update: Hashable, Sendable {
        /// The row, from 0 at the top.
        public var row: Int
        /// Its new line.
        public var line: ScreenLine

        /// Row `row` becomes `line`.
        public init(row: Int, line: ScreenLine) {
            self.row = row
            self.line = line
        }
    }

    /// Whether to clear the screen before the updates.
    public let clearsScreen: Bool
    /// The rows to rewrite, top to bottom.
    public let updates: [Update]

    /// What changes from `old` (what the screen shows, `nil` if unknown) to `new`.
    public init(from old: Frame?, to new: Frame) {
        guard let old, old.size == new.size else {
            clearsScreen = true
            updates = new.lines.enumerated().compactMap { row, line in
                // A cleared screen already shows blank lines.
                line == .blank ? nil : Update(row: row, line: line)
            }
            return
        }
        clearsScreen = false
        updates = zip(old.lines, new.lines).enumerated().compactMap { row, pair in
            pair.0 == pair.1 ? nil : Update(row: row, line: pair.1)
        }
    }

    /// Whether nothing needs to be drawn.
    public var isEmpty: Bool { !clearsScreen && updates.isEmpty }
}

/// What the screen shows: exactly one line per row, none wider than the terminal.
///
/// Views build frames as values, so what a state looks like is tested without a terminal.
public struct Frame: Hashable, Sendable {
    /// The size the frame was made for.
    public let size: TerminalSize
    /// One line per row, top to bottom.
    public let lines: [ScreenLine]

    /// A frame of `size` from `lines`: cut or padded with blank lines to `size.rows`, each line
    /// cut to `size.columns` characters, and inverse lines padded to the full width.
    public init(size: TerminalSize, lines: [ScreenLine]) {
        self.size = size
        var fitted = lines.prefix(size.rows).map { line in
            var text = String(line.text.prefix(size.columns))
            if line.style == .inverse, text.count < size.columns {
                text += String(repeating: " ", count: size.columns - text.count)
            }
            return ScreenLine(text, style: line.style)
        }
        while fitted.count < size.rows { fitted.append(.blank) }
        self.lines = fitted
    }

    /// The text of every row, trailing blanks removed: what a screen capture shows.
    public var text: [String] {
        lines.map { line in
            var text = line.text
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}

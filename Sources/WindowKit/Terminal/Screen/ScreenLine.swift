import WindowProtocol

/// One line of a frame: its text and how it is drawn.
public struct ScreenLine: Hashable, Sendable {
    /// How a line is drawn.
    public enum Style: Hashable, Sendable {
        /// The terminal's own colours.
        case plain
        /// Bold text, for headings.
        case bold
        /// Reverse video across the whole width, for the title and status bars and highlights.
        case inverse
    }

    /// The characters, without control sequences; never wider than the frame.
    public var text: String
    /// How to draw `text`.
    public var style: Style

    /// A line showing `text` in `style`; a control character in it (a user name or a storage
    /// key a client chose) is shown as its escape, as `winctl list` shows one, never sent to
    /// the terminal as it is.
    public init(_ text: String, style: Style = .plain) {
        self.text = JSONValue.escapingControls(text)
        self.style = style
    }

    /// An empty plain line.
    public static let blank = ScreenLine("")
}

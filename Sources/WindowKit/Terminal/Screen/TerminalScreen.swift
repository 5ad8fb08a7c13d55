/// What the screen shows, and the bytes that take it to the next frame: only the rows that
/// changed, in one synchronized update (``FrameEncoder``); the whole frame after ``forget()``.
///
/// A value without I/O; ``SceneTerminal/draw(_:)-([ScreenLine])`` keeps one and writes its bytes.
///
/// ```swift
/// var screen = TerminalScreen()
/// terminal.write(screen.update(to: frame))   // the first frame whole, then what changed
/// screen.forget()                            // after a resize or a suspend: draw it whole next
/// ```
public struct TerminalScreen: Hashable, Sendable {
    /// The frame the screen shows; `nil` when unknown.
    public private(set) var shown: Frame?

    /// A screen whose content is unknown: the first frame is drawn whole.
    public init() {}

    /// The bytes that take the screen from what it shows to `frame` (none if it already shows
    /// it); from then on it shows `frame`.
    public mutating func update(to frame: Frame) -> [UInt8] {
        defer { shown = frame }
        return FrameEncoder.bytes(for: FrameDiff(from: shown, to: frame))
    }

    /// Forgets what the screen shows (it was resized, given back, or cleared): the next frame
    /// clears it and is drawn whole.
    public mutating func forget() {
        shown = nil
    }
}

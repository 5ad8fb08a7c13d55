import Synchronization

/// Whether the terminal has the focus, as its presenter last heard from its focus reports, for a
/// ``VisibilityWatcher`` whose place only answers when asked (kitty): a focused terminal is
/// shown, so it asks only while the focus is elsewhere.
public final class FocusHint: Sendable {
    private let focused: Mutex<Bool>

    /// A hint that starts `focused` or not.
    public init(focused: Bool) {
        self.focused = Mutex(focused)
    }

    /// Whether the terminal has the focus.
    public var isFocused: Bool { focused.withLock { $0 } }

    /// Says the terminal got or lost the focus.
    public func set(_ value: Bool) {
        focused.withLock { $0 = value }
    }
}

/// What `window.open` did (SPEC sections 2 and 13): made a window, brought the one that has a
/// presenter to front, or started the group's command again for one that has none.
public enum OpenOutcome: String, Sendable, Hashable, WireEnum {
    /// A new window was registered (`created: true`).
    case created
    /// The window existed and its presenter was asked to come to front.
    case focused
    /// The window existed without a presenter: its group's command was started again, and the
    /// new presenter finds the window's storage as it was.
    case relaunched
}

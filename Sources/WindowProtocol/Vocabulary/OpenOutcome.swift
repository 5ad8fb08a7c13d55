/// What `window.open` did (windowd-protocol(7), window.open; winctl(1), Attached terminals): made a window, brought the one that has a
/// presenter to front, started the group's command again for one that has none, waited for
/// the presenter already started, or found its presenter stopped.
///
/// `launching`, `detached`, `stopped` and `reattaching` are sent only to a client that lists them in the params'
/// `outcomes` (``WindowOpen/Params/outcomes``); an older client, which decodes only the first
/// three, is told `focused` instead, as before they existed.
public enum OpenOutcome: String, Sendable, Hashable, WireEnum {
    /// A new window was registered (`created: true`).
    case created
    /// The window existed and its presenter was asked to come to front.
    case focused
    /// The window existed without a presenter: its group's command was started again, and the
    /// new presenter finds the window's storage as it was.
    case relaunched
    /// The window existed without a presenter, and the one started for it has not attached yet:
    /// nothing was started again and nothing brought to front.
    case launching
    /// The window existed without a presenter, and nothing was started for it: its group starts
    /// none, or the daemon runs as many launches as it may.
    case detached
    /// The window's presenter is stopped (Ctrl-Z in its terminal) and cannot come to front: nothing
    /// was started and nothing brought to front; `fg` in that terminal continues it.
    case stopped
    /// The window's presenter runs but has not attached again since windowd restarted: nothing
    /// was started and nothing brought to front; it comes back by itself.
    case reattaching

    /// The outcomes every client of protocol 1 decodes.
    public static let original: Set<OpenOutcome> = [.created, .focused, .relaunched]

    /// The outcomes added since protocol 1 began, which a client sends in `outcomes` when it
    /// decodes them (every client of this package does).
    /// Whether the window has a presenter of its own elsewhere, brought to front by this open
    /// (`focused`, `stopped`, `reattaching`): the opener presents nothing.
    public var isPresentedElsewhere: Bool { self == .focused || self == .stopped || self == .reattaching }

    public static var added: [String] { allCases.filter { !original.contains($0) }.map(\.rawValue) }

    /// This outcome as told to a client that decodes `understood` besides ``original``: an
    /// outcome it does not know is `focused`, what it was told before the others existed.
    public func told(understanding understood: [String]) -> OpenOutcome {
        switch self {
        // ``original``, without hashing a set at every open.
        case .created, .focused, .relaunched: self
        case .launching, .detached, .stopped, .reattaching: understood.contains(rawValue) ? self : .focused
        }
    }
}

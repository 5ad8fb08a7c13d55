/// What ``AppClient/openWindow(group:value:request:)`` did: made a window, brought one to front,
/// started the presenter of one that had none, or waited for the presenter already started.
///
/// ```swift
/// let opened = try await app.openWindow(group: "detail", value: 42)
/// switch opened.outcome {
/// case .created: print("opened \(opened.window.id)")
/// case .focused: print("brought to front")
/// case .relaunched: print("shown again")
/// case .launching: print("on its way")        // started before, not attached yet
/// case .detached: print("open, not presented") // nothing to start
/// case .stopped: print("stopped: fg it")        // its presenter is stopped (Ctrl-Z)
/// case .reattaching: print("coming back")       // its presenter has not attached since a restart
/// }
/// ```
public struct OpenedWindow: Sendable, Hashable {
    /// The window made or found.
    public var window: WindowInfo
    /// What happened (windowd-protocol(7), window.open; winctl(1), Attached terminals).
    public var outcome: OpenOutcome
    /// Why the group's command could not be started here, if it could not (the window stays
    /// registered); `nil` when it started or there was nothing to start.
    public var launchFailure: String?
    /// The arguments of the open's `request` that do not reach the window's program (windowd-protocol(7),
    /// window.open): to name to the user, never to drop silently.
    public var notPassedOn: [String] = []

    /// The result of an open that did `outcome` to `window`.
    public init(window: WindowInfo, outcome: OpenOutcome, launchFailure: String? = nil) {
        self.window = window
        self.outcome = outcome
        self.launchFailure = launchFailure
    }

    /// The result of an open that made (`created`) or brought to front `window`.
    public init(window: WindowInfo, created: Bool) {
        self.init(window: window, outcome: created ? .created : .focused)
    }

    /// `true` when a window was made (and its group's command started).
    public var created: Bool { outcome == .created }

    /// Whether an existing window was brought to front.
    public var broughtToFront: Bool { outcome == .focused }

    /// Whether another presenter has the window: brought to front, stopped (Ctrl-Z) in its
    /// terminal, where `fg` continues it, or not attached again yet since windowd restarted.
    /// Either way there is nothing for the opener to present.
    public var isPresentedElsewhere: Bool { outcome.isPresentedElsewhere }
}

/// What a client knows of the app: the app state, the aggregate phase and the windows, kept
/// from a subscription's snapshot and the events after it. A value with no I/O.
///
/// ```swift
/// var model = AppModel()
/// model.adopt(subscription.snapshot)
/// model.apply(.windowOpened(window))
/// model.windowList    // oldest first
/// ```
struct AppModel: Sendable, Hashable {
    /// The app state.
    var state: AppState = .loading
    /// The aggregate phase.
    var aggregate: ScenePhase = .background
    /// Every window, by id.
    var windows: [String: WindowInfo] = [:]

    /// Takes a snapshot: it is exactly the state the events after it start from.
    mutating func adopt(_ snapshot: EventsSubscribe.Snapshot) {
        state = snapshot.state
        aggregate = snapshot.phase
        windows = Dictionary(snapshot.windows.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Takes one event.
    mutating func apply(_ event: AppEvent) {
        switch event {
        case .windowOpened(let window), .windowPhase(let window), .windowFocus(let window):
            windows[window.id] = window
        case .windowClosed(let window):
            windows[window.id] = nil
        case .scenePhase(let phase, _):
            aggregate = phase
        case .appState(let newState, _):
            state = newState
        case .windowDismiss, .windowLaunchFailed, .daemonStopping, .daemonReloaded, .daemonRestarted, .reconnected:
            break
        }
    }

    /// Takes a window as a reply shows it (after an open, attach or phase change).
    mutating func update(_ window: WindowInfo) {
        windows[window.id] = window
    }

    /// The windows, oldest first (then by id).
    var windowList: [WindowInfo] {
        windows.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
}

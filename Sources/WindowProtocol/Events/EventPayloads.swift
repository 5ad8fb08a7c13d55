/// `window.opened`, `window.closed`, `window.phase`, `window.focus`: one window.
public struct WindowEvent: Codable, Sendable, Equatable {
    /// The window as it is after the change.
    public var window: WindowInfo
    /// The payload of a one-window event.
    public init(window: WindowInfo) { self.window = window }
}

/// `window.launchFailed`: the daemon's start of a group's `launch` argv failed.
public struct WindowLaunchFailedEvent: Codable, Sendable, Equatable {
    /// The window it was started for, as it is now (still registered).
    public var window: WindowInfo
    /// The argv started, substituted.
    public var command: [String]
    /// How it failed: `could not start: …`, `exit 127`, `signal 9`, or ``tooManyLaunches``.
    public var reason: String
    /// The reason of a launch not started because the daemon already has as many in flight as
    /// it runs at once (windowd-protocol(7), "Limits").
    public static let tooManyLaunches = "too_many_launches"
    /// A `window.launchFailed` payload.
    public init(window: WindowInfo, command: [String], reason: String) {
        self.window = window
        self.command = command
        self.reason = reason
    }
}

/// Why a presenter was dismissed.
public enum DismissReason: String, Codable, Sendable {
    /// The window was closed; another connection took it over; signing out closed a `requires_auth` window.
    case closed, takeover, signedOut
    /// `winctl close` asks the presenter to quit its program (its group's `quit_keys`): the
    /// window stays presented until the program ends.
    case quit
}

/// `window.dismiss`: the presenter must go.
public struct WindowDismissEvent: Codable, Sendable, Equatable {
    /// The window the presenter must leave.
    public var window: WindowInfo
    /// Why, so that the presenter can say so before it exits.
    public var reason: DismissReason
    /// A `window.dismiss` payload.
    public init(window: WindowInfo, reason: DismissReason) {
        self.window = window
        self.reason = reason
    }
}

/// `scene.phase`: the aggregate phase changed.
public struct ScenePhaseEvent: Codable, Sendable, Equatable {
    /// The aggregate now.
    public var phase: ScenePhase
    /// The aggregate before; never equal to `phase`.
    public var previous: ScenePhase
    /// A `scene.phase` payload.
    public init(phase: ScenePhase, previous: ScenePhase) {
        self.phase = phase
        self.previous = previous
    }
}

/// `app.state`: the app state changed.
public struct AppStateEvent: Codable, Sendable, Equatable {
    /// The app state now.
    public var state: AppState
    /// The app state before the transition.
    public var previous: AppState
    /// An `app.state` payload.
    public init(state: AppState, previous: AppState) {
        self.state = state
        self.previous = previous
    }
}

/// `daemon.restarted`: the connection was carried across a restart.
public struct DaemonRestartedEvent: Codable, Sendable, Equatable {
    /// Whether per-connection state was lost, so the client must re-attach or re-subscribe.
    public var resync: Bool
    /// A `daemon.restarted` payload.
    public init(resync: Bool) { self.resync = resync }
}

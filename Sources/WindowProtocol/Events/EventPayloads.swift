/// `window.opened`, `window.closed`, `window.phase`, `window.focus`: one window.
public struct WindowEvent: Codable, Sendable, Equatable {
    public var window: WindowInfo
    public init(window: WindowInfo) { self.window = window }
}

/// Why a presenter was dismissed.
public enum DismissReason: String, Codable, Sendable {
    case closed, takeover, signedOut
}

/// `window.dismiss`: the presenter must go.
public struct WindowDismissEvent: Codable, Sendable, Equatable {
    public var window: WindowInfo
    public var reason: DismissReason
    public init(window: WindowInfo, reason: DismissReason) {
        self.window = window
        self.reason = reason
    }
}

/// `scene.phase`: the aggregate phase changed.
public struct ScenePhaseEvent: Codable, Sendable, Equatable {
    public var phase: ScenePhase
    public var previous: ScenePhase
    public init(phase: ScenePhase, previous: ScenePhase) {
        self.phase = phase
        self.previous = previous
    }
}

/// `app.state`: the app state changed.
public struct AppStateEvent: Codable, Sendable, Equatable {
    public var state: AppState
    public var previous: AppState
    public init(state: AppState, previous: AppState) {
        self.state = state
        self.previous = previous
    }
}

/// `daemon.restarted`: the connection was carried across a restart.
public struct DaemonRestartedEvent: Codable, Sendable, Equatable {
    public var resync: Bool
    public init(resync: Bool) { self.resync = resync }
}

/// `daemon.stopping`, `daemon.reloaded`: no payload.
public struct EmptyEvent: Codable, Sendable, Equatable {
    public init() {}
}

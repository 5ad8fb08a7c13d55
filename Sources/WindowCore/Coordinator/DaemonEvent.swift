import WindowProtocol

/// An event the coordinator raises; the server numbers it per connection and delivers it.
public enum DaemonEvent: Sendable, Equatable {
    case windowOpened(WindowInfo)
    case windowClosed(WindowInfo)
    case windowPhase(WindowInfo)
    /// Sent to the window's presenter (if any) and to subscribers.
    case windowFocus(WindowInfo, presenter: ConnectionID?)
    /// Sent to the presenter only.
    case windowDismiss(WindowInfo, reason: DismissReason, presenter: ConnectionID)
    case scenePhase(ScenePhaseEvent)
    case appState(AppStateEvent)
    case daemonStopping
    case daemonReloaded
    /// Sent to one connection carried across a restart.
    case daemonRestarted(resync: Bool, connection: ConnectionID)

    /// The event's wire name.
    public var name: EventName {
        switch self {
        case .windowOpened: return .windowOpened
        case .windowClosed: return .windowClosed
        case .windowPhase: return .windowPhase
        case .windowFocus: return .windowFocus
        case .windowDismiss: return .windowDismiss
        case .scenePhase: return .scenePhase
        case .appState: return .appState
        case .daemonStopping: return .daemonStopping
        case .daemonReloaded: return .daemonReloaded
        case .daemonRestarted: return .daemonRestarted
        }
    }
}

/// What a coordinator operation asks the world to do, besides answering.
public enum Effect: Sendable, Equatable {
    /// Deliver an event.
    case event(DaemonEvent)
    /// Start a group's launch command for a new window.
    case launch(arguments: [String], window: WindowID)
    /// The aggregate phase changed: run the central reaction for it (SPEC section 3).
    case phaseReaction(ScenePhase)
    /// Commit this change before acknowledging the request that caused it.
    case persist(StateChange)
}

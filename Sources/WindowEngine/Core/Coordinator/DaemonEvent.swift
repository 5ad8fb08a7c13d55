package import WindowProtocol

/// An event the coordinator raises; the server numbers it per connection and delivers it.
package enum DaemonEvent: Sendable, Equatable {
    /// A window was registered; sent to subscribers.
    case windowOpened(WindowInfo)
    /// A window was closed; sent to subscribers.
    case windowClosed(WindowInfo)
    /// A window's phase or presenter changed; sent to subscribers.
    case windowPhase(WindowInfo)
    /// Sent to the window's presenter (if any) and to subscribers; `request` (an open's
    /// arguments) to the presenter only.
    case windowFocus(WindowInfo, presenter: ConnectionID?, request: [String]? = nil)
    /// A launch the daemon started for the window failed; sent to subscribers.
    case windowLaunchFailed(WindowLaunchFailedEvent)
    /// Sent to the presenter only.
    case windowDismiss(WindowInfo, reason: DismissReason, presenter: ConnectionID)
    /// The aggregate changed; sent to presenters and subscribers.
    case scenePhase(ScenePhaseEvent)
    /// The app state changed; sent to presenters and subscribers.
    case appState(AppStateEvent)
    /// The daemon is stopping; sent to every connection.
    case daemonStopping
    /// The config was reloaded; sent to every connection.
    case daemonReloaded
    /// Sent to one connection carried across a restart.
    case daemonRestarted(resync: Bool, connection: ConnectionID)

    /// The event's wire name.
    package var name: EventName {
        switch self {
        case .windowOpened: return .windowOpened
        case .windowClosed: return .windowClosed
        case .windowPhase: return .windowPhase
        case .windowFocus: return .windowFocus
        case .windowLaunchFailed: return .windowLaunchFailed
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
package enum Effect: Sendable, Equatable {
    /// Deliver an event.
    case event(DaemonEvent)
    /// Start a group's launch command for a new window.
    case launch(arguments: [String], window: WindowID)
    /// The aggregate phase changed: run the central reaction for it (windowd-protocol(7), scene.setPhase).
    case phaseReaction(ScenePhase)
    /// Commit this change before acknowledging the request that caused it.
    case persist(StateChange)

    /// Whether this is a change to commit.
    package var isPersist: Bool {
        if case .persist = self { return true }
        return false
    }
}

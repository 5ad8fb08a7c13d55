/// Turns an event as read (name, `seq`, params) into an ``AppEvent``.
///
/// ```swift
/// let event = try EventDecoding.appEvent(message)   // nil for a name this build does not know
/// ```
enum EventDecoding {
    /// The typed event `message` holds; `nil` for an event name this build does not know
    /// (a newer daemon may send more).
    static func appEvent(_ message: EventMessage) throws -> AppEvent? {
        let params = JSONValue.object(message.params)
        let decoder = JSONValueDecoder()
        guard let name = EventName(rawValue: message.name) else { return nil }
        switch name {
        case .windowOpened: return .windowOpened(try decoder.decode(WindowEvent.self, from: params).window)
        case .windowClosed: return .windowClosed(try decoder.decode(WindowEvent.self, from: params).window)
        case .windowPhase: return .windowPhase(try decoder.decode(WindowEvent.self, from: params).window)
        case .windowFocus: return .windowFocus(try decoder.decode(WindowEvent.self, from: params).window)
        case .windowLaunchFailed:
            let failure = try decoder.decode(WindowLaunchFailedEvent.self, from: params)
            return .windowLaunchFailed(failure.window, command: failure.command, reason: failure.reason)
        case .windowDismiss:
            let dismiss = try decoder.decode(WindowDismissEvent.self, from: params)
            return .windowDismiss(dismiss.window, reason: dismiss.reason)
        case .scenePhase:
            let change = try decoder.decode(ScenePhaseEvent.self, from: params)
            return .scenePhase(change.phase, previous: change.previous)
        case .appState:
            let change = try decoder.decode(AppStateEvent.self, from: params)
            return .appState(change.state, previous: change.previous)
        case .daemonStopping: return .daemonStopping
        case .daemonReloaded: return .daemonReloaded
        case .daemonRestarted:
            return .daemonRestarted(resync: try decoder.decode(DaemonRestartedEvent.self, from: params).resync)
        }
    }
}

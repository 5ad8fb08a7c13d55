import WindowProtocol

/// A connection as the audience of events sees it.
package protocol EventSubscriber {
    /// The connection's id.
    var id: ConnectionID { get }
    /// What it subscribed to.
    var subscription: EventSubscription { get }
}

/// Who receives an event (windowd-protocol(7), EVENTS): subscribers, the window's presenter,
/// presenters in general, or everyone. Pure, so that the daemon and the fuzzer agree.
package enum EventAudience {
    /// The connections among `connections` that receive `event`; `subscribers` are those of
    /// them with a subscription (so that a window event costs nothing when nobody subscribed),
    /// `connection(id)` finds one by id, `isPresenter(id)` says whether one presents a window.
    @inlinable
    package static func of<Subscriber: EventSubscriber>(
        _ event: DaemonEvent,
        among connections: some Collection<Subscriber>,
        subscribers: some Collection<Subscriber>,
        connection: (ConnectionID) -> Subscriber?,
        isPresenter: (ConnectionID) -> Bool
    ) -> [Subscriber] {
        if subscribers.isEmpty, reachesNobodyWithoutSubscribers(event) { return [] }
        let name = event.name
        switch event {
        case .windowOpened, .windowClosed, .windowPhase, .windowLaunchFailed:
            return subscribers.filter { $0.subscription.includes(name) }
        case .windowFocus(_, let presenter, _):
            var audience = subscribers.filter { $0.subscription.includes(name) }
            if let presenter, !audience.contains(where: { $0.id == presenter }), let window = connection(presenter) {
                audience.append(window)
            }
            return audience
        case .windowDismiss(_, _, let presenter):
            return connection(presenter).map { [$0] } ?? []
        case .scenePhase, .appState:
            return connections.filter { $0.subscription.includes(name) || isPresenter($0.id) }
        case .daemonStopping, .daemonReloaded:
            return Array(connections)
        case .daemonRestarted(_, let restarted):
            return connection(restarted).map { [$0] } ?? []
        }
    }

    /// Whether `event` reaches nobody while no connection has subscribed: a window's event, unless
    /// it is a `window.focus` with a presenter to tell. Most de-duplicated opens are such an event;
    /// the daemon asks this before it builds the arguments of ``of(_:among:subscribers:connection:isPresenter:)``.
    @inlinable
    package static func reachesNobodyWithoutSubscribers(_ event: DaemonEvent) -> Bool {
        switch event {
        case .windowOpened, .windowClosed, .windowPhase, .windowLaunchFailed: true
        case .windowFocus(_, let presenter, _): presenter == nil
        case .windowDismiss, .scenePhase, .appState, .daemonStopping, .daemonReloaded, .daemonRestarted: false
        }
    }
}

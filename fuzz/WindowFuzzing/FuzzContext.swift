package import WindowEngine
package import WindowProtocol

/// The daemon's side of a request, in memory: the coordinator, a clock that the session moves,
/// subscriptions, and a store whose commits can be made to fail (`$storefail` / `$storeok`).
package final class FuzzContext: DispatchContext {
    /// The app-state controller, as requests and the session's own steps leave it.
    package private(set) var coordinator: SceneCoordinator
    /// The ids of the windows requests open: seeded, so that an input opens the same ids every run.
    private var windowIDs = WindowIDSource(seed: 0)
    package var now: Double
    package var uptime: Double { 1 }
    package var clientCount: Int { 3 }
    /// Whether each line's commit fails, so that what it changed is undone.
    package var commitsFail = false
    /// The session's three connections, with what each subscribed to.
    package private(set) var connections: [ConnectionID: FuzzConnection] = Dictionary(
        uniqueKeysWithValues: (1...3).map { (ConnectionID(UInt64($0)), FuzzConnection(id: ConnectionID(UInt64($0)))) }
    )

    package init(coordinator: SceneCoordinator, now: Double) {
        self.coordinator = coordinator
        self.now = now
    }

    package func change<Result, Failure: Error>(
        _ body: (inout SceneCoordinator, inout WindowIDSource) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&coordinator, &windowIDs)
    }

    package func read<Result, Failure: Error>(
        _ body: (SceneCoordinator) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(coordinator)
    }

    /// Puts the coordinator back to `point`, as the daemon does when a line's commit fails.
    package func rollBack(to point: SceneCoordinator) {
        coordinator = point
    }

    package func subscribe(_ connection: ConnectionID, to types: Set<EventName>?) -> UInt64 {
        connections[connection]?.subscription = types.map { .only($0) } ?? .all
        return 0
    }

    /// Who the daemon would send `event` to, now.
    package func audience(of event: DaemonEvent) -> [FuzzConnection] {
        let registry = coordinator.registry
        let all = connections.values.sorted { $0.id.rawValue < $1.id.rawValue }
        return EventAudience.of(
            event,
            among: all,
            subscribers: all.filter { $0.subscription != .none },
            connection: { connections[$0] },
            isPresenter: { registry.window(presentedBy: $0) != nil }
        )
    }

    /// Reloading re-applies the groups in force: the fuzzer has no config file to re-read.
    package func reloadConfig(requestedBy connection: ConnectionID) throws(RPCError) -> [String] {
        coordinator.groups.keys.sorted()
    }

    /// What the daemon does when a connection ends.
    package func disconnect(_ connection: ConnectionID) -> [Effect] {
        connections[connection]?.subscription = .none
        var effects: [Effect] = []
        coordinator.detach(connection: connection, now: now, effects: &effects)
        return effects
    }

    /// The clock moved to `now`: what falls due (a settling aggregate, an expired session)
    /// happens, as the daemon's deadline timer makes it happen.
    package func advanceClock() -> [Effect] {
        var effects: [Effect] = []
        coordinator.advance(to: now, effects: &effects)
        return effects
    }

    /// Ends `loading` as the daemon does at start.
    package func finishLoading() {
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: now, effects: &effects)
    }
}

/// One of the session's connections, as the event audience sees it.
package struct FuzzConnection: EventSubscriber {
    package let id: ConnectionID
    package var subscription = EventSubscription.none
}

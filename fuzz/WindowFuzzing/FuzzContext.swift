import WindowCore
import WindowDispatch
import WindowProtocol

/// The daemon's side of a request, in memory: the coordinator, a clock that the session moves,
/// subscriptions, and a store that can be made to refuse writes (`$storefail` / `$storeok`).
public final class FuzzContext: DispatchContext {
    public var coordinator: SceneCoordinator
    public var now: Double
    public var uptime: Double { 1 }
    public var clientCount: Int { 3 }
    public var storeFailure: String?
    /// Event subscriptions by connection.
    public private(set) var subscriptions: [ConnectionID: Set<String>?] = [:]

    public init(coordinator: SceneCoordinator, now: Double) {
        self.coordinator = coordinator
        self.now = now
    }

    public func subscribe(_ connection: ConnectionID, to types: [String]?) throws(RPCError) -> UInt64 {
        if let types {
            let unknown = types.filter { EventName(rawValue: $0) == nil }
            guard unknown.isEmpty else { throw .invalidParams("unknown event types \(unknown)") }
            subscriptions[connection] = Set(types)
        } else {
            subscriptions[connection] = .some(nil)
        }
        return 0
    }

    /// Reloading re-applies the groups in force: the fuzzer has no config file to re-read.
    public func reloadConfig(requestedBy connection: ConnectionID) throws(RPCError) -> [String] {
        coordinator.groups.keys.sorted()
    }

    /// What the daemon does when a connection ends.
    public func disconnect(_ connection: ConnectionID) -> [Effect] {
        subscriptions.removeValue(forKey: connection)
        var effects: [Effect] = []
        coordinator.detach(connection: connection, now: now, effects: &effects)
        return effects
    }

    /// Ends `loading` as the daemon does at start.
    public func finishLoading() {
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: now, effects: &effects)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import WindowCore
import WindowProtocol

/// The dispatch table: every wire method of SPEC section 8, by name.
enum MethodTable {
    static let routes: [String: MethodRoute] = Dictionary(uniqueKeysWithValues: [
        MethodRoute.of(Hello.self) { _, _, _, _ in
            Hello.Result(server: "windowd", version: ProtocolVersion.software, protocol: ProtocolVersion.current, pid: getpid())
        },
        MethodRoute.of(WindowOpen.self, mutates: true) { daemon, params, _, effects throws(RPCError) in
            let now = daemon.now
            let opened = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                try coordinator.open(group: params.group, value: params.value, now: now, effects: &effects)
            }
            return WindowOpen.Result(window: opened.window.info, created: opened.created)
        },
        MethodRoute.of(WindowClose.self, mutates: true) { daemon, params, _, effects throws(RPCError) in
            let now = daemon.now
            let closed = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                try coordinator.close(params.id, now: now, effects: &effects)
            }
            return WindowResult(window: closed.info)
        },
        MethodRoute.of(WindowFocus.self) { daemon, params, _, effects throws(RPCError) in
            WindowResult(window: try daemon.coordinator.focus(params.id, effects: &effects).info)
        },
        MethodRoute.of(WindowList.self) { daemon, params, _, _ throws(RPCError) in
            if let group = params.group { _ = try daemon.coordinator.group(group) }
            return WindowList.Result(windows: daemon.coordinator.registry.list(group: params.group).map(\.info))
        },
        MethodRoute.of(WindowAttach.self) { daemon, params, connection, effects throws(RPCError) in
            let now = daemon.now
            let window = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                try coordinator.attach(params, connection: connection.id, now: now, effects: &effects)
            }
            let coordinator = daemon.coordinator
            return WindowAttach.Result(window: window.info, storage: window.storage.values, state: coordinator.state, phase: coordinator.aggregate)
        },
        MethodRoute.of(WindowDetach.self) { daemon, _, connection, effects throws(RPCError) in
            let now = daemon.now
            let window = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                coordinator.detach(connection: connection.id, now: now, effects: &effects)
            }
            guard let window else { throw .invalidParams("this connection presents no window; attach first") }
            return WindowResult(window: window.info)
        },
        MethodRoute.of(SceneSetPhase.self) { daemon, params, _, effects throws(RPCError) in
            let now = daemon.now
            let window = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                try coordinator.setPhase(params.phase, of: params.id, now: now, effects: &effects)
            }
            return SceneSetPhase.Result(window: window.info, aggregate: daemon.coordinator.aggregate)
        },
        MethodRoute.of(ScenePhaseQuery.self) { daemon, _, _, _ in
            let registry = daemon.coordinator.registry
            return ScenePhaseQuery.Result(
                aggregate: registry.aggregate,
                windows: Dictionary(uniqueKeysWithValues: registry.windows.map { ($0.key.rawValue, $0.value.phase) }))
        },
        MethodRoute.of(StorageGet.self) { daemon, params, _, _ throws(RPCError) in
            let values = try daemon.coordinator.window(params.id).storage.values
            guard let key = params.key else { return StorageResult(storage: values) }
            return StorageResult(storage: values[key].map { [key: $0] } ?? [:])
        },
        MethodRoute.of(StorageSet.self, mutates: true) { daemon, params, _, effects throws(RPCError) in
            let window = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                try coordinator.setStorage(params.key, to: params.value, of: params.id, effects: &effects)
            }
            return StorageResult(storage: window.storage.values)
        },
        MethodRoute.of(StorageRemove.self, mutates: true) { daemon, params, _, effects throws(RPCError) in
            let window = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                try coordinator.removeStorage(params.key, of: params.id, effects: &effects)
            }
            return StorageResult(storage: window.storage.values)
        },
        MethodRoute.of(AppStateQuery.self) { daemon, _, _, _ in
            AppStateQuery.Result(state: daemon.coordinator.state)
        },
        MethodRoute.of(AppTransition.self, mutates: true) { daemon, params, _, effects throws(RPCError) in
            let now = daemon.now
            let change = try daemon.withCoordinator { (coordinator: inout SceneCoordinator) throws(RPCError) in
                try coordinator.transition(to: params.to, now: now, effects: &effects)
            }
            daemon.logger.info("app state", metadata: ["from": "\(change.previous)", "to": "\(change.state)"])
            return AppTransition.Result(state: change.state, previous: change.previous)
        },
        MethodRoute.of(EventsSubscribe.self) { daemon, params, connection, _ throws(RPCError) in
            let seq = try daemon.subscribe(connection, to: params.types)
            let coordinator = daemon.coordinator
            let snapshot = EventsSubscribe.Snapshot(
                state: coordinator.state, phase: coordinator.aggregate, windows: coordinator.registry.list().map(\.info))
            return EventsSubscribe.Result(seq: seq, snapshot: snapshot)
        },
        MethodRoute.of(DaemonStatus.self) { daemon, _, _, _ in
            let coordinator = daemon.coordinator
            return DaemonStatus.Result(
                version: ProtocolVersion.software, uptime: daemon.uptime, windows: coordinator.registry.count,
                attached: coordinator.registry.attachedCount, clients: daemon.clientCount,
                phase: coordinator.aggregate, state: coordinator.state)
        },
    ])
}

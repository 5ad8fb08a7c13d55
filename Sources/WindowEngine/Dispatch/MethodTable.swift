import Glibc
import WindowProtocol

/// The dispatch table: every wire method of windowd-protocol(7), by name.
enum MethodTable {
    static let routes: [String: MethodRoute] = Dictionary(uniqueKeysWithValues: [
        MethodRoute.of(Hello.self) { context, params, _, _ throws in
            if let version = params.protocol, !ProtocolVersion.supported.contains(version) {
                let spoken = ProtocolVersion.supported.map(String.init).joined(separator: ", ")
                throw RPCError.invalidParams(
                    "windowd speaks protocol \(spoken), not \(version): use a client for protocol \(spoken)"
                )
            }
            return Hello.Result(
                server: "windowd",
                version: ProtocolVersion.software,
                protocol: ProtocolVersion.current,
                pid: getpid(),
                app: context.app?.rawValue
            )
        },
        MethodRoute.of(WindowOpen.self) { context, params, connection, effects throws in
            let (now, host) = (context.now, context.host(of: connection))
            let (opened, notPassedOn) = try context.change { coordinator, ids in
                let opened = try coordinator.open(
                    group: params.group,
                    value: params.value,
                    path: params.path,
                    request: params.request,
                    host: host,
                    now: now,
                    ids: &ids,
                    effects: &effects,
                    probe: context.state(of:)
                )
                return (opened, coordinator.pass(params.request, to: opened))
            }
            let outcome = opened.outcome.told(understanding: params.outcomes ?? [])
            return WindowOpen.Result(
                window: opened.window.info,
                outcome: outcome,
                command: opened.command.nilIfEmpty,
                notPassedOn: notPassedOn.isEmpty ? nil : notPassedOn
            )
        },
        MethodRoute.of(WindowLaunchEnded.self) { context, params, _, effects throws in
            WindowResult(
                window: try context.change { coordinator, _ in
                    try coordinator.openerLaunchEnded(params.id, reason: params.reason, effects: &effects)
                }.info
            )
        },
        MethodRoute.of(WindowClose.self) { context, params, _, effects throws in
            let now = context.now
            return try context.change { coordinator, _ in
                if params.quit == true, let asked = try coordinator.askToQuit(params.id, effects: &effects) {
                    return WindowClose.Result(window: try coordinator.window(params.id).info, asked: asked)
                }
                return WindowClose.Result(window: try coordinator.close(params.id, now: now, effects: &effects).info)
            }
        },
        MethodRoute.of(WindowFocus.self) { context, params, _, effects throws in
            WindowResult(window: try context.read { try $0.focus(params.id, effects: &effects) }.info)
        },
        MethodRoute.of(WindowRestore.self) { context, params, connection, effects throws in
            let (now, host) = (context.now, context.host(of: connection))
            let restored = try context.change { coordinator, _ in
                try coordinator.restore(
                    groups: params.groups ?? [],
                    atLogin: params.atLogin ?? false,
                    dryRun: params.dryRun ?? false,
                    host: host,
                    now: now,
                    effects: &effects,
                    probe: context.state(of:)
                )
            }
            return WindowRestore.Result(
                windows: restored.map {
                    WindowOpen.Result(window: $0.window.info, outcome: $0.outcome, command: $0.command.nilIfEmpty)
                }
            )
        },
        MethodRoute.of(WindowList.self) { context, params, connection, _ throws in
            let windows = try context.read { coordinator throws(Refusal) in
                guard let group = params.group else { return coordinator.registry.list(group: nil).map(\.info) }
                _ = try coordinator.group(group)
                guard let value = params.value else { return coordinator.registry.list(group: group).map(\.info) }
                let host = context.host(of: connection)
                return coordinator.existingWindow(group: group, value: value, host: host).map { [$0.info] } ?? []
            }
            return WindowList.Result(windows: windows)
        },
        MethodRoute.of(WindowAttach.self) { context, params, connection, effects throws in
            var (request, now) = (try attachRequest(params), context.now)
            request.process = context.process(of: connection)
            request.host = context.host(of: connection)
            if let host = request.host, let outer = context.outerPlace(ofHost: host) {
                request.place = request.place?.nested(in: outer) ?? outer
            }
            return try context.change { coordinator, ids in
                let (window, asked) = try coordinator.attach(
                    request,
                    connection: connection,
                    now: now,
                    ids: &ids,
                    effects: &effects,
                    probe: context.state(of:)
                )
                return WindowAttach.Result(
                    window: window.info,
                    storage: window.storage.values,
                    state: coordinator.state,
                    phase: coordinator.aggregate,
                    request: asked
                )
            }
        },
        MethodRoute.of(WindowDetach.self) { context, _, connection, effects throws in
            let now = context.now
            guard
                let window = context.change({ coordinator, _ in
                    coordinator.detach(connection: connection, now: now, effects: &effects)
                })
            else {
                throw RPCError.invalidParams("this connection presents no window; attach first")
            }
            return WindowResult(window: window.info)
        },
        MethodRoute.of(SceneSetPhase.self) { context, params, _, effects throws in
            let now = context.now
            return try context.change { coordinator, _ in
                let window = try coordinator.setPhase(
                    params.phase,
                    of: params.id,
                    now: now,
                    effects: &effects
                )
                return SceneSetPhase.Result(window: window.info, aggregate: coordinator.aggregate)
            }
        },
        MethodRoute.of(ScenePhaseQuery.self) { context, _, _, _ in
            // The aggregate as announced (it settles before moving down); each window's own phase at once.
            context.read { coordinator in
                ScenePhaseQuery.Result(
                    aggregate: coordinator.aggregate,
                    windows: Dictionary(
                        uniqueKeysWithValues: coordinator.registry.windows.map { ($0.key.rawValue, $0.value.phase) }
                    )
                )
            }
        },
        MethodRoute.of(StorageGet.self) { context, params, _, _ throws in
            let values = try context.read { coordinator throws(Refusal) in
                try coordinator.window(params.id).storage.values
            }
            guard let key = params.key else { return StorageResult(storage: values) }
            return StorageResult(storage: values[key].map { [key: $0] } ?? [:])
        },
        MethodRoute.of(StorageSet.self) { context, params, _, effects throws in
            StorageResult(
                storage: try context.change { coordinator, _ in
                    try coordinator.setStorage(params.key, to: params.value, of: params.id, effects: &effects)
                }.storage.values
            )
        },
        MethodRoute.of(StorageRemove.self) { context, params, _, effects throws in
            StorageResult(
                storage: try context.change { coordinator, _ in
                    try coordinator.removeStorage(params.key, of: params.id, effects: &effects)
                }.storage.values
            )
        },
        MethodRoute.of(AppStateQuery.self) { context, _, _, _ in
            AppStateQuery.Result(state: context.read { $0.state })
        },
        MethodRoute.of(AppTransition.self) { context, params, _, effects throws in
            let now = context.now
            let change = try context.change { coordinator, _ in
                try coordinator.transition(to: params.to, now: now, effects: &effects)
            }
            return AppTransition.Result(state: change.state, previous: change.previous)
        },
        MethodRoute.of(EventsSubscribe.self) { context, params, connection, _ throws in
            let seq = context.subscribe(connection, to: try Self.subscribable(params.types))
            let snapshot = context.read { coordinator in
                EventsSubscribe.Snapshot(
                    state: coordinator.state,
                    phase: coordinator.aggregate,
                    windows: coordinator.registry.list().map(\.info)
                )
            }
            return EventsSubscribe.Result(seq: seq, snapshot: snapshot)
        },
        MethodRoute.of(DaemonStatus.self) { context, _, _, _ in
            let (uptime, clients) = (context.uptime, context.clientCount)
            return context.read { coordinator in
                DaemonStatus.Result(
                    version: ProtocolVersion.software,
                    uptime: uptime,
                    windows: coordinator.registry.count,
                    attached: coordinator.registry.attachedCount,
                    clients: clients,
                    phase: coordinator.aggregate,
                    state: coordinator.state
                )
            }
        },
        MethodRoute.of(DaemonGroups.self) { context, _, _, _ in
            context.read { coordinator in
                var counts: [String: Int] = [:]
                for window in coordinator.registry.windows.values { counts[window.group, default: 0] += 1 }
                let groups = coordinator.groups.values.sorted { $0.id < $1.id }.map { group in
                    DaemonGroups.Group(
                        id: group.id,
                        valueType: group.valueType.rawValue,
                        command: group.command,
                        run: group.run,
                        launch: group.launch,
                        restore: group.restore,
                        requiresAuth: group.requiresAuth,
                        windows: counts[group.id] ?? 0,
                        wraps: group.wraps,
                        requests: group.requests,
                        quit: group.quit
                    )
                }
                return DaemonGroups.Result(groups: groups)
            }
        },
        MethodRoute.of(DaemonReload.self) { context, _, connection, effects throws(RPCError) in
            let groups = try context.reloadConfig(requestedBy: connection)
            effects.append(.event(.daemonReloaded))
            return DaemonReload.Result(groups: groups)
        },
        MethodRoute.of(DaemonHostSocket.self) { context, params, connection, _ throws(RPCError) in
            DaemonHostSocket.Result(path: try context.hostSocket(params.host, at: params.place, for: connection))
        },
    ])

    /// `window.attach`'s params as the core's request: by `id`, or by `group` and `value`.
    private static func attachRequest(_ params: WindowAttach.Params) throws(RPCError) -> AttachRequest {
        let target: AttachRequest.Target
        if let id = params.id {
            target = .id(id)
        } else if let group = params.group {
            target = .value(group: group, value: params.value)
        } else {
            throw .invalidParams("window.attach needs 'id', or 'group' (and 'value')")
        }
        return AttachRequest(
            target: target,
            phase: params.phase ?? .active,
            takeover: params.takeover ?? false,
            place: params.place
        )
    }

    /// The event types a subscription asks for (`nil`: all), each one subscribers receive.
    private static func subscribable(_ names: [String]?) throws(RPCError) -> Set<EventName>? {
        guard let names else { return nil }
        var types = Set<EventName>()
        for name in names {
            guard let type = EventName(rawValue: name), EventName.subscribable.contains(type) else {
                let valid = EventName.subscribable.map(\.rawValue).joined(separator: ", ")
                throw .invalidParams(
                    "cannot subscribe to \(JSONValue.quote(name)): the event types subscribers receive are \(valid)"
                )
            }
            types.insert(type)
        }
        return types
    }
}

extension [String] {
    /// `nil` for no element, as an optional member of the wire leaves it out.
    fileprivate var nilIfEmpty: [String]? { isEmpty ? nil : self }
}

import Logging
import NIOCore
import WindowEngine
import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Carrying out what the coordinator asks for: events to their audience, launches, the
/// central phase reaction, persistence.
extension WindowDaemon {
    // MARK: - Effects

    /// Carries out what the coordinator asked for outside a request (timers, connections that
    /// close, restarts): changes go to the store, events are addressed now and sent once the
    /// changes are durable, in the same order as request replies. These are the daemon's own
    /// changes (``changeOnItsOwn(_:)``): a failed commit keeps and retries them.
    func perform(_ effects: [Effect]) {
        var pending = PendingEffects()
        address(effects, into: &pending)
        let changes = pending.changes
        pending.changes = []
        run(machine.receive(.performed(changes: changes, delivery: pending.isEmpty ? nil : .effects(pending))))
    }

    /// Queues the changes among `effects` for the store, and addresses and numbers their events
    /// for the audience they have now; the rest waits in `pending`.
    func address(_ effects: [Effect], into pending: inout PendingEffects) {
        guard !effects.isEmpty else { return }
        pending.changesStatus = true
        defer { armDeadline() }
        for index in effects.indices {
            switch effects[index] {
            case .event(let event):
                if case .appState(let change) = event {
                    logger.info("app state", metadata: ["from": "\(change.previous)", "to": "\(change.state)"])
                }
                address(event, into: &pending)
            case .launch, .phaseReaction:
                pending.actions.append(effects[index])
            case .persist(let change):
                // Only the daemon's own effects carry changes here: the router takes a request's apart.
                pending.changes.append(change)
            }
        }
    }

    /// Sends addressed events and carries out launches and phase reactions.
    func release(_ pending: PendingEffects) {
        for (id, seq, event) in pending.lines {
            guard let connection = connections[id] else { continue }
            sendEvent(event, seq: seq, to: connection)
        }
        for action in pending.actions {
            switch action {
            case .launch(let arguments, let window):
                logger.info("launching", metadata: ["window.id": "\(window)", "command": "\(arguments)"])
                let daemon = NIOLoopBound(self, eventLoop: eventLoop)
                launcher.launch(arguments, window: window) { outcome in
                    daemon.value.launchEnded(window, command: arguments, outcome: outcome)
                }
            case .phaseReaction(let phase):
                react(to: phase)
            case .event, .persist:
                break
            }
        }
        if pending.changesStatus { scheduleStatus() }
    }

    /// A launch's process ended: it is no longer in flight (the next open of its window starts
    /// one again, unless its presenter attached), and a failure is announced to subscribers
    /// (`window.launchFailed`) if the window is still there.
    func launchEnded(_ id: WindowID, command: [String], outcome: ProcessLauncher.Outcome) {
        changeOnItsOwn(.launchEnded(id))
        armDeadline()
        guard outcome != .exited(0), let window = coordinator.registry.windows[id] else { return }
        perform([
            .event(
                .windowLaunchFailed(
                    WindowLaunchFailedEvent(window: window.info, command: command, reason: outcome.description)
                )
            )
        ])
        flush()
    }

    /// The central reaction to the aggregate phase (windowd-protocol(7), scene.setPhase): `active` validates the
    /// session (its expiry is checked by the coordinator at once, the command here), `inactive`
    /// makes sure everything acknowledged is on disk, `background` compacts and releases memory.
    func react(to phase: ScenePhase) {
        logger.debug("aggregate phase", metadata: ["phase": "\(phase.rawValue)"])
        switch phase {
        case .active:
            guard let session = coordinator.session, !config.app.validateCommand.isEmpty else { return }
            run(machine.receive(.validationAsked(session, by: .activeSession(session))))
        case .inactive, .background:
            let level: MaintenanceLevel = phase == .inactive ? .sync : .compact
            run(machine.receive(.performed(changes: [], delivery: .maintenance(level))))
        }
    }

    /// Numbers `event` for each connection of its audience — subscribers, presenters, or
    /// everyone — as it is now; the lines wait in `pending`.
    ///
    /// The audience is found first and the event encoded only if it has one: most
    /// `window.focus` events of a de-duplicated `window.open` reach nobody, and encoding
    /// them anyway cost about an eighth of that request's time.
    func address(_ event: DaemonEvent, into pending: inout PendingEffects) {
        if connections.subscribers.isEmpty, EventAudience.reachesNobodyWithoutSubscribers(event) { return }
        let audience = EventAudience.of(
            event,
            among: connections.all,
            subscribers: connections.subscribers,
            connection: { connections[$0] },
            isPresenter: { machine.coordinator.registry.window(presentedBy: $0) != nil }
        )
        guard !audience.isEmpty else { return }
        let encoded = encode(event)
        // An open's request is for the presenter alone (windowd-protocol(7), window.focus).
        var asked: (ConnectionID, EncodedEvent)?
        if case .windowFocus(let window, let presenter?, let request?) = event,
            let bytes = encoder.bytes(EventPayload(window, request: request))
        {
            asked = (presenter, EncodedEvent(name: event.name, payload: bytes))
        }
        for connection in audience {
            let line = asked.flatMap { $0.0 == connection.id ? $0.1 : nil } ?? encoded
            pending.lines.append((connection.id, machine.nextSeq(for: connection.id), line))
        }
    }

    func encode(_ event: DaemonEvent) -> EncodedEvent {
        func bytes(_ payload: some Encodable) -> [UInt8] {
            if let bytes = encoder.bytes(payload) { return bytes }
            // Values are checked before they are kept, so this is a bug: say so, and still send
            // the event (its seq keeps every client's count whole), without its members.
            logger.error("an event does not encode; sent without its members", metadata: ["event": "\(event.name)"])
            return Array("{}".utf8)
        }
        let payload: [UInt8]
        switch event {
        case .windowOpened(let window), .windowClosed(let window), .windowPhase(let window),
            .windowFocus(let window, _, _):
            payload = bytes(EventPayload(window))
        case .windowDismiss(let window, let reason, _):
            payload = bytes(EventPayload(window, reason: reason.rawValue))
        case .windowLaunchFailed(let failure):
            payload = bytes(EventPayload(failure.window, command: failure.command, reason: failure.reason))
        case .scenePhase(let change):
            payload = bytes(change)
        case .appState(let change):
            payload = bytes(change)
        case .daemonStopping, .daemonReloaded:
            payload = Array("{}".utf8)
        case .daemonRestarted(let resync, _):
            payload = bytes(DaemonRestartedEvent(resync: resync))
        }
        return EncodedEvent(name: event.name, payload: payload)
    }
}

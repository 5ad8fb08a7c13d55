import FoundationEssentials
import Logging
import NIOCore
import NIOPosix
import POSIXSupport
import WindowEngine
import WindowProtocol

/// The running daemon: the coordinator, the connections, and the execution of what
/// the coordinator asks for. Lives on one event loop, like tmux's server loop:
/// every request, event and timer runs there, in order, with no locks.
///
/// What it decides around the coordinator — commits, what a failed one undoes, event numbering,
/// the lifecycle and the hand-off, the validator in flight — is ``DaemonMachine``'s,
/// a value it tells what happened, one method per event, and whose answers it carries out; what it keeps
/// itself is I/O: the connections, the store, the launcher, the timers' handles, the config. The coordinator lives in the machine: a request changes it through
/// ``change(_:)``, the daemon on its own through ``changeOnItsOwn(_:)``.
final class WindowDaemon {
    /// The loop everything runs on.
    let eventLoop: any EventLoop
    /// The daemon's logger.
    let logger: Logger
    /// The config in force.
    var config: DaemonConfig
    /// What the daemon decides: the coordinator, commits and rollback, event numbering, the
    /// lifecycle. Changed only through its methods, one per event; the daemon carries out their answers.
    var machine: DaemonMachine
    /// Drains waiting for nothing to wait for a commit that can happen now.
    var drains: [EventLoopPromise<Void>] = []
    /// The connected clients.
    let connections = ConnectionTable()
    var access: AccessPolicy
    let hooks: LifecycleHooks
    let launcher: ProcessLauncher
    let store: any StateStore
    let storedSession: Session?
    let wallClock: @Sendable () -> Double
    let startedAt = ContinuousClock.now
    /// Names this process's connections in the fd store, unique across restarts.
    let instance = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    /// How many clients the open-file limit lets it serve, after raising that limit for `max_clients`.
    var descriptors: DescriptorBudget
    /// When to log connections refused over a limit.
    var refusals = RefusalLog()
    /// Set for the coordinator's next deadline: a session's expiry, the aggregate's settle.
    var deadlineTimer = DeadlineTimer()
    /// Encodes replies and event payloads; the router shares it.
    let encoder: ResponseEncoder
    let router: RequestRouter

    /// - Parameters:
    ///   - restored: windows already validated against `config`, detached and `background`.
    ///   - storedSession: the session found in the store, validated before it is applied.
    ///   - listenerName: the inherited listening socket's name (socket activation), kept on an upgrade.
    ///   - configLoader: re-reads the config, for SIGHUP and `daemon.reload`.
    init(
        config: DaemonConfig,
        eventLoop: any EventLoop,
        hooks: LifecycleHooks,
        store: any StateStore,
        restored: WindowRegistry,
        storedSession: Session?,
        logger: Logger,
        listenerName: String? = nil,
        socketPath: String? = nil,
        configLoader: (@Sendable () throws(ConfigError) -> DaemonConfig)? = nil,
        wallClock: @escaping @Sendable () -> Double = { [anchored = AnchoredWallClock()] in anchored.now() }
    ) {
        self.config = config
        self.eventLoop = eventLoop
        let encoder = ResponseEncoder()
        self.encoder = encoder
        self.router = RequestRouter(encoder: encoder)
        self.hooks = hooks
        self.store = store
        self.launcher = ProcessLauncher(eventLoop: eventLoop, logger: logger)
        self.storedSession = storedSession
        self.logger = logger
        self.wallClock = wallClock
        self.listenerName = listenerName
        self.socketPath = socketPath
        self.configLoader = configLoader
        self.access = AccessPolicy(config.daemon)
        self.descriptors = DescriptorLimit.provide(forClients: config.daemon.maxClients)
        var coordinator = SceneCoordinator(groups: config.windowGroups, limits: config.coordinatorLimits)
        coordinator.restore(restored)
        self.machine = DaemonMachine(coordinator: coordinator)
        logDescriptors()
    }

    var sessionValidator: SessionValidator {
        SessionValidator(command: config.app.validateCommand, timeout: .seconds(5), launcher: launcher, logger: logger)
    }

    /// Runs `validate_command` for `session`; its verdict goes to the machine, which says who waited for it.
    func startValidator(for session: Session) {
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        sessionValidator.validate(session, now: now) { verdict in
            let daemon = daemon.value
            let action = daemon.machine.verdict(verdict, now: daemon.now)
            if let next = action.startNext { daemon.startValidator(for: next) }
            if let judged = action.storedSessionJudged { daemon.sessionJudged(judged) }
            if let expire = action.expire { daemon.changeOnItsOwn(expire) }
            daemon.flush()
        }
    }

    /// The app-state controller, to read; it changes through ``change(_:)`` and ``changeOnItsOwn(_:)``.
    /// A copy (a getter returns one): the request path reads `machine.coordinator` in place.
    var coordinator: SceneCoordinator { machine.coordinator }

    /// The current wall-clock time, in seconds since the Unix epoch.
    var now: Double { wallClock() }

    /// The name the listening socket had when inherited (socket activation), kept on an upgrade.
    let listenerName: String?
    /// The path of the daemon's socket, beside which other hosts' sockets are made; `nil` if none.
    let socketPath: String?
    /// Other hosts' sockets, by host.
    var hostSockets: [String: HostSocket] = [:]
    /// Re-reads the config, for SIGHUP and `daemon.reload`.
    let configLoader: (@Sendable () throws(ConfigError) -> DaemonConfig)?

    // MARK: - Requests

    /// Handles one request line (a request or a batch) and queues its response and the events it caused.
    ///
    /// Each request's events are addressed and numbered as soon as it has run, so that a
    /// subscription taken by a later request counts them or not exactly as its snapshot does.
    /// Acknowledge after commit: the reply and the events wait until the changes this line
    /// made, or saw, are durable — written at once when nothing is pending, as for reads and
    /// de-duplicated opens. If that commit fails, what the line did is undone and every
    /// request of it is answered with the error (``DaemonMachine``).
    func handle(line: UnsafeRawBufferPointer, from connection: Connection) {
        eventLoop.assertInEventLoop()
        if machine.holdsLines || machine.coordinator.state == .loading, holdUntilLoaded(line, from: connection) {
            return
        }
        // A transition out of `loading` (app.transition) ends the wait as loading's own end does.
        defer { if machine.holdsLines { releaseHeldRequests() } }
        var pending = PendingEffects()
        let outcome = router.handle(line: line, from: connection.id, context: self) { reply in
            address(reply.effects, into: &pending)
            if let error = reply.error, error.reason == .invalidTransition {
                logger.warning("refused transition", metadata: ["reason": "\(error.message)"])
            }
        }
        connection.awaitedReplyBytes += outcome.replyBytes
        carryOut(machine.handled(changes: outcome.changes, delivery: .response(outcome, pending, to: connection.id)))
    }

    /// An error response (`id` null: the request could not be read) as one line.
    func errorLine(_ error: RPCError) -> ByteBuffer {
        ByteBuffer(bytes: router.errorLine(id: nil, error))
    }

    /// The fd-store name of a connection of this process: `conn-<instance>-<number>`.
    func storeName(for id: ConnectionID) -> String {
        "\(ConnectionName.prefix)\(instance)-\(id.rawValue)"
    }

    /// Queues the reply `write` appends on `connection`, whatever its size; ``flush()`` sends it.
    func sendReply(to connection: Connection, _ write: (inout ByteBuffer) -> Void) {
        connections.willWrite(connection)
        connection.writeReply(write)
    }

    /// Sends everything queued, on every connection, and frames what connections kept while
    /// their replies piled up, once those drained.
    func flush() {
        eventLoop.assertInEventLoop()
        guard !connections.isFlushing else { return }
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        repeat {
            connections.flush { daemon.value.outboundWritten($0) }
        } while resumeHeldInput()
    }

    // MARK: - What requests read and change

    /// Subscribes a connection to `types` (all when `nil`); returns the `seq` before the
    /// subscription: the number of the last event addressed to it, sent or waiting for a commit.
    func subscribe(_ id: ConnectionID, to types: Set<EventName>?) -> UInt64 {
        guard let connection = connections[id] else { return 0 }
        connections.subscribe(connection, to: types.map { .only($0) } ?? .all)
        return machine.numbering.last(of: id)
    }
}

extension WindowDaemon {
    // MARK: - Changes the daemon makes on its own

    /// Makes a change of the daemon's own (``OwnChange``); a failed commit of requests' changes
    /// never undoes it, and its changes to persist are kept and retried until they are saved.
    /// Its effects are carried out at once (``perform(_:)``); returns whether it could be made.
    @discardableResult
    func changeOnItsOwn(_ change: OwnChange) -> Bool {
        var effects: [Effect] = []
        let made = machine.makeOwnChange(change, effects: &effects)
        perform(effects)
        return made
    }
}

extension WindowDaemon: DispatchContext {
    /// A request's change to the coordinator, made in place; the line's commit, or its rollback,
    /// follows in ``handle(line:from:)``.
    func change<Result, Failure: Error>(
        _ body: (inout SceneCoordinator, inout WindowIDSource) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try machine.change(body)
    }

    /// A request's read of the coordinator.
    func read<Result, Failure: Error>(_ body: (SceneCoordinator) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(machine.coordinator)
    }

    /// The app this daemon serves; `nil` for the default app.
    var app: AppID? { config.appID }

    /// The peer of `connection` as `/proc` shows it now; none for another host's, whose peer
    /// here is only the `ssh` that forwards it.
    func process(of connection: ConnectionID) -> PresenterProcess? {
        guard connections[connection]?.host == nil, let pid = connections[connection]?.peer.pid, pid > 0,
            let boot = Self.bootID,
            let stat = WholeFile.text("/proc/\(pid)/stat")
        else { return nil }
        return PresenterProcess(pid: pid, bootID: boot, stat: stat)
    }

    /// What `process` is now, as `/proc` shows it.
    func state(of process: PresenterProcess) -> PresenterProcess.State { Self.state(of: process) }

    /// What `process` is now, as `/proc` shows it.
    static func state(of process: PresenterProcess) -> PresenterProcess.State {
        guard let boot = Self.bootID else { return .gone }
        return process.state(bootID: boot, stat: WholeFile.text("/proc/\(process.pid)/stat"))
    }

    /// This boot's id, which a process kept from another boot does not match.
    private static let bootID = WholeFile.text("/proc/sys/kernel/random/boot_id")?.split(separator: "\n").first
        .map(String.init)
}

/// Admitting, adopting and forgetting client connections.
extension WindowDaemon {
    // MARK: - Connections

    /// Registers a new connection, or refuses it (other user, too many clients) with an error line.
    /// One from another `host` is not kept across a restart, whose next process could not tell.
    func accept(_ channel: any Channel, peer: PeerCredentials, host: String? = nil) -> Connection? {
        eventLoop.preconditionInEventLoop()
        guard let connection = admit(channel, peer: peer) else { return nil }
        connection.host = host
        if host == nil, let store = hooks.descriptorStore, let fd = Self.descriptor(of: channel) {
            let name = storeName(for: connection.id)
            store.store(fd, name)
            connection.storeName = name
        }
        return connection
    }

    /// Takes over a connection a previous process handed on; with its record after a graceful
    /// restart (then nothing changes for the client but one `daemon.restarted`), without one
    /// after a crash (`daemon.restarted` with `resync`: the client re-attaches or re-subscribes).
    func adopt(
        _ channel: any Channel,
        peer: PeerCredentials,
        name: String,
        record: HandOffState.ConnectionRecord?
    ) -> Connection? {
        eventLoop.preconditionInEventLoop()
        guard let connection = admit(channel, peer: peer) else {
            hooks.descriptorStore?.remove(name)
            return nil
        }
        connection.storeName = name
        connection.restartNotice = .restarted(resync: record == nil)
        if let record {
            machine.resumeNumbering(of: connection.id, from: record.lastSeq)
            connections.subscribe(connection, to: .init(names: record.subscription, all: record.subscribedToAll))
            if let window = record.presenting,
                !changeOnItsOwn(
                    .resumePresenter(
                        window: window,
                        connection: connection.id,
                        phase: record.phase ?? .active,
                        place: record.place
                    )
                )
            {
                logger.notice("a handed-over presenter's window is gone", metadata: ["window.id": "\(window)"])
                connection.restartNotice = .restarted(resync: true)
            }
        }
        return connection
    }

    /// Sends what a connection must hear first once it is active (an adopted one: `daemon.restarted`).
    func connectionActive(_ connection: Connection) {
        eventLoop.preconditionInEventLoop()
        guard case .restarted(let resync)? = connection.restartNotice else { return }
        connection.restartNotice = nil
        perform([.event(.daemonRestarted(resync: resync, connection: connection.id))])
        flush()
    }

    /// The socket descriptor under `channel` (on the event loop).
    static func descriptor(of channel: any Channel) -> Int32? {
        try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) { $0 }
    }

    /// Registers a connection that passes the access check and the client limit, or answers
    /// with an error line and closes it.
    func admit(_ channel: any Channel, peer: PeerCredentials) -> Connection? {
        let connection = connections.make(channel: channel, peer: peer, maxMessage: config.daemon.maxMessageBytes)
        let refusal: RPCError?
        if !access.admits(peer) {
            refusal = .refused(
                .forbidden,
                "uid \(peer.uid) may not use this windowd (it serves uid \(access.ownUID); see allowed_uids and allowed_group)"
            )
            logger.warning(
                "refused a connection from another user",
                metadata: ["uid": "\(peer.uid)", "pid": "\(peer.pid)"]
            )
        } else if connections.count >= descriptors.clients {
            refusal = .refused(.limitExceeded, clientLimitMessage)
            if let count = refusals.refused(now: now) {
                logger.warning(
                    "refused connections over the client limit",
                    metadata: [
                        "refused": "\(count)", "clients": "\(descriptors.clients)",
                        "max_clients": "\(config.daemon.maxClients)",
                        "open_files": "\(descriptors.soft)", "pid": "\(peer.pid)",
                    ]
                )
            }
        } else {
            refusal = nil
        }
        if let refusal {
            channel.writeAndFlush(errorLine(refusal)).whenComplete { _ in
                channel.close(promise: nil)
            }
            return nil
        }
        connections.insert(connection)
        scheduleStatus()
        return connection
    }

    /// Why a client past the limit is refused: `max_clients`, or the open-file limit below it.
    private var clientLimitMessage: String {
        if descriptors.servesMaxClients {
            return "windowd serves at most \(config.daemon.maxClients) clients (max_clients); try again later"
        }
        return
            "windowd serves at most \(descriptors.clients) clients: its open-file limit (RLIMIT_NOFILE) is \(descriptors.soft), "
            + "below the \(config.daemon.maxClients + DescriptorBudget.reserve) that max_clients = \(config.daemon.maxClients) needs; "
            + "try again later, or raise LimitNOFILE= (or ulimit -Hn) for windowd"
    }

    /// Logs the open-file limit and how many clients it serves: a warning when fewer than `max_clients`.
    func logDescriptors() {
        let metadata: Logger.Metadata = [
            "open_files": "\(descriptors.soft)", "hard_limit": "\(descriptors.hard)",
            "clients": "\(descriptors.clients)",
            "max_clients": "\(config.daemon.maxClients)", "reserved": "\(DescriptorBudget.reserve)",
        ]
        if descriptors.servesMaxClients {
            logger.info("descriptor limit", metadata: metadata)
        } else {
            logger.warning(
                "the open-file limit serves fewer clients than max_clients; raise LimitNOFILE= (or ulimit -Hn) for windowd",
                metadata: metadata
            )
        }
    }

    /// Forgets a connection: the window it presented, if any, goes to `background`.
    func connectionClosed(_ connection: Connection) {
        eventLoop.preconditionInEventLoop()
        // During a hand-off only this process's copy closes; the client stays with the next one.
        guard !machine.lifecycle.keepsConnections, connections[connection.id] != nil else { return }
        handleHeldInput(of: connection)
        _ = connections.remove(connection)
        if let name = connection.storeName { hooks.descriptorStore?.remove(name) }
        machine.connectionClosed(connection.id)
        releaseHostSockets(keptBy: connection.id)
        changeOnItsOwn(.detach(connection.id, now: now))
        flush()
        scheduleStatus()
    }

    /// Answers a line over `max_message_bytes` (its id unread, so `null`); the connection goes
    /// on with the next line. After the replies of the lines before it, like any answer.
    func rejectOversizeMessage(from connection: Connection) {
        eventLoop.preconditionInEventLoop()
        let limit = config.daemon.maxMessageBytes
        let error = RPCError.invalidRequest(
            "message exceeds max_message_bytes (\(limit) bytes, the line ending not counted); it was skipped",
            reason: .limitExceeded
        )
        let line = router.errorLine(id: nil, error)
        guard machine.isDurable else {
            carryOut(machine.performed(changes: [], delivery: .line(line, to: connection.id)))
            return
        }
        sendReply(to: connection) { $0.writeBytes(line) }
    }

    /// The number of connected clients.
    var clientCount: Int { connections.count }
}

/// What each connection reads and what it leaves unread (windowd-protocol(7), "Limits"): a
/// client pays for its own slowness, never another. One that does not read its replies is read
/// no further until they drain; one whose unsent events pass its outbound limits
/// (``OutboundLimit``) is disconnected. No one's requests wait for it.
extension WindowDaemon {
    /// Bytes a connection read: framed into request lines and handled where they lie, until its
    /// replies pile up; the rest is kept, behind what it kept before.
    func receive(_ buffer: ByteBuffer, from connection: Connection) {
        eventLoop.assertInEventLoop()
        guard connection.heldInput == nil else { return connection.hold(buffer) }
        frame(buffer, from: connection)
    }

    /// Hands each line `buffer` completes to ``handle(line:from:)`` (one over `max_message_bytes`
    /// is answered and skipped) while the connection's replies do not pile up, or whatever they
    /// do with `force`; what is left is kept, and the connection read no further until they drain.
    private func frame(_ buffer: ByteBuffer, from connection: Connection, force: Bool = false) {
        var buffer = buffer
        connection.framer.split(&buffer, while: { force || !connection.repliesPileUp }) { piece in
            switch piece {
            case .line(let line): handle(line: line, from: connection)
            case .oversize: rejectOversizeMessage(from: connection)
            }
        }
        guard buffer.readableBytes > 0 else { return }
        connection.hold(buffer)
        updateReading(of: connection)
    }

    /// Sets `connection` reading or not by the one rule: it reads while the daemon reads
    /// requests (`daemonReads`, by default whether it does: not during a hand-off or a stop) and
    /// it is not paused: its replies do not pile up and nothing it sent waits to be framed. A
    /// paused one is resumed by ``flush()`` once its replies drain.
    func updateReading(of connection: Connection, daemonReads: Bool? = nil) {
        let paused = connection.heldInput != nil || connection.repliesPileUp
        if paused { connections.pause(connection) }
        connection.setReading((daemonReads ?? readsRequests) && !paused)
    }

    /// Frames what the paused connections kept, those whose replies drained (every one with
    /// `force`: a hand-off, a stop); returns whether there were any.
    @discardableResult
    func resumeHeldInput(force: Bool = false) -> Bool {
        let resumable = connections.takeResumable(all: force)
        for connection in resumable {
            if let buffer = connection.takeHeldInput() { frame(buffer, from: connection, force: force) }
            updateReading(of: connection)
        }
        return !resumable.isEmpty
    }

    /// Handles what a connection that closed had sent and kept, as it would have been had its
    /// replies drained.
    func handleHeldInput(of connection: Connection) {
        guard let buffer = connection.takeHeldInput() else { return }
        frame(buffer, from: connection, force: true)
    }

    /// Queues an event line; a client whose unsent events would pass its outbound limits is
    /// disconnected instead: it must not grow the daemon or slow anyone else.
    func sendEvent(_ event: EncodedEvent, seq: UInt64, to connection: Connection) {
        guard !connection.cutOff else { return }
        connections.willWrite(connection)
        if let breach = connection.writeEvent(event, seq: seq, limit: outboundLimit, now: { now }) {
            disconnect(connection, past: breach)
        }
    }

    /// The channel wrote what `connection` had handed it: its events are weighed again, and
    /// once its replies drained, a paused one frames what it kept and is read again.
    func outboundWritten(_ connection: Connection) {
        if let breach = connection.weighEvents(against: outboundLimit, now: { now }) {
            return disconnect(connection, past: breach)
        }
        if !connection.repliesPileUp, connections.isPaused(connection) { flush() }
    }

    /// The outbound limits of the config in force.
    var outboundLimit: OutboundLimit { OutboundLimit(config.daemon) }

    /// Disconnects a client whose unsent events passed its outbound limits, with one log line.
    private func disconnect(_ connection: Connection, past breach: OutboundLimit.Breach) {
        guard !connection.cutOff else { return }
        connection.cutOff = true
        let daemon = config.daemon
        let why =
            switch breach {
            case .hard: "its unsent events would pass outbound_hard_bytes (\(daemon.outboundHardBytes))"
            case .soft:
                "its unsent events stayed over outbound_soft_bytes (\(daemon.outboundSoftBytes)) for more than outbound_soft_seconds (\(daemon.outboundSoftSeconds))"
            }
        logger.warning(
            "disconnecting a client that does not read its events",
            metadata: ["connection": "\(connection.id)", "unsent": "\(connection.unsentEventBytes)", "why": "\(why)"]
        )
        connection.channel.close(promise: nil)
    }
}

/// Attaches during `loading` (windowd-protocol(7), app.transition): a presenter re-attaching to a window of a group
/// that needs a user is not refused while the stored session has no verdict; its request waits
/// and is answered by the state loading reaches.
extension WindowDaemon {
    /// Keeps `line` for the end of loading if it waits (or its connection has a line waiting);
    /// `false` when it is to be handled now. A connection that piles up more lines than
    /// ``HeldRequests/maximumPerConnection`` meanwhile is closed.
    func holdUntilLoaded(_ line: UnsafeRawBufferPointer, from connection: Connection) -> Bool {
        switch machine.admit(line, from: connection.id) {
        case .handle:
            return false
        case .held:
            return true
        case .overLimit:
            logger.warning(
                "closing a client that sent too much while its attach waited for loading",
                metadata: [
                    "connection": "\(connection.id)", "held": "\(HeldRequests.maximumPerConnection)",
                ]
            )
            // Its lines stay held (and its later ones swallowed) until the close forgets them.
            connection.channel.close(promise: nil)
            return true
        }
    }

    /// Handles the lines that waited for loading to end, in the order they came; once `loading`
    /// is over, however it ended.
    func releaseHeldRequests() {
        for (id, line) in machine.releasedLines() {
            guard let connection = connections[id] else { continue }
            line.withUnsafeBytes { handle(line: $0, from: connection) }
        }
    }
}

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
        carryOut(machine.performed(changes: changes, delivery: pending.isEmpty ? nil : .effects(pending)))
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
            machine.validationAsked(session, by: .activeSession(session)).map(startValidator)
        case .inactive, .background:
            let level: MaintenanceLevel = phase == .inactive ? .sync : .compact
            carryOut(machine.performed(changes: [], delivery: .maintenance(level)))
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

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NIOCore
import WindowCore
import WindowProtocol
import WindowStore

/// The running daemon: the coordinator, the connections, and the execution of what
/// the coordinator asks for. Lives on one event loop, like tmux's server loop:
/// every request, event and timer runs there, in order, with no locks.
public final class WindowDaemon {
    /// The loop everything runs on.
    public let eventLoop: any EventLoop
    /// The daemon's logger.
    let logger: Logger
    /// The config in force.
    private(set) var config: DaemonConfig
    /// The app-state controller.
    private(set) var coordinator: SceneCoordinator
    private var connections: [ConnectionID: Connection] = [:]
    private var unflushed: [Connection] = []
    private var nextConnection: UInt64 = 1
    private var access: AccessPolicy
    private let hooks: LifecycleHooks
    private let launcher: ProcessLauncher
    private let pipeline: CommitPipeline
    private let store: any StateStore
    private var storedSession: Session?
    private let wallClock: @Sendable () -> Double
    private let startedAt = ContinuousClock.now
    private var statusReport = StatusReport()
    /// Names this process's connections in the fd store, unique across restarts.
    private let instance = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    /// Set once a graceful restart began: connections stay open for the next process.
    private var handingOff = false
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    private let allocator = ByteBufferAllocator()

    /// - Parameters:
    ///   - restored: windows already validated against `config`, detached and `background`.
    ///   - storedSession: the session found in the store, validated before it is applied.
    init(config: DaemonConfig, eventLoop: any EventLoop, hooks: LifecycleHooks, store: any StateStore,
         restored: [Window], storedSession: Session?, logger: Logger,
         wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.config = config
        self.eventLoop = eventLoop
        self.hooks = hooks
        self.store = store
        self.launcher = ProcessLauncher(eventLoop: eventLoop, logger: logger)
        self.pipeline = CommitPipeline(store: store, eventLoop: eventLoop, logger: logger)
        self.storedSession = storedSession
        self.logger = logger
        self.wallClock = wallClock
        self.coordinator = SceneCoordinator(groups: config.windowGroups, limits: config.coordinatorLimits)
        self.access = AccessPolicy(allowedUIDs: config.daemon.allowedUIDs, allowedGroup: AccessPolicy.groupID(named: config.daemon.allowedGroup))
        for window in restored { coordinator.restore(window) }
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        pipeline.onRelease = { daemon.value.flush() }
    }

    private var sessionValidator: SessionValidator {
        SessionValidator(command: config.app.validateCommand, timeout: .seconds(5), launcher: launcher, logger: logger)
    }

    /// The current wall-clock time, in seconds since the Unix epoch.
    var now: Double { wallClock() }

    // MARK: - Start and stop

    /// Starts the loading period, the watchdog and the status line; call once listening.
    ///
    /// `loading` lasts at least `minimum_loading_ms` and until the stored session is validated;
    /// then the daemon is `authenticated(user)` or `unauthenticated`.
    func start() {
        if coordinator.state == .loading {
            startLoading()
        }
        startWatchdogAndStatus()
    }

    /// `loading` lasts at least `minimum_loading_ms` and until the stored session is validated.
    private func startLoading() {
        let minimum = TimeAmount.milliseconds(Int64(config.app.minimumLoadingMilliseconds))
        var verdict: SessionValidator.Verdict?
        var elapsed = false
        let finish = { [self] in
            guard elapsed, let verdict else { return }
            let session = verdict == .invalid ? nil : storedSession
            if let stored = storedSession, session == nil {
                logger.notice("stored session not restored", metadata: ["user": "\(stored.user)"])
            }
            var effects: [Effect] = []
            coordinator.finishLoading(restoredSession: session, now: now, effects: &effects)
            if session == nil && storedSession != nil && !effects.contains(.persist(.sessionCleared)) {
                effects.append(.persist(.sessionCleared))
            }
            perform(effects)
            flush()
            scheduleStatus()
        }
        if let storedSession {
            sessionValidator.validate(storedSession, now: now) { result in
                verdict = result
                finish()
            }
        } else {
            verdict = .invalid
        }
        eventLoop.assumeIsolated().scheduleTask(in: minimum) {
            elapsed = true
            finish()
        }
    }

    /// The watchdog pings, from this event loop, and `READY=1` with the first status line.
    private func startWatchdogAndStatus() {
        if let watchdog = hooks.watchdog {
            let half = TimeAmount.nanoseconds(Int64(watchdog.interval.components.seconds) * 1_000_000_000 / 2
                + watchdog.interval.components.attoseconds / 2_000_000_000)
            eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: half) { _ in watchdog.ping() }
        }
        hooks.ready(statusLine)
        statusReport.sent = statusLine
    }

    /// Tells everyone the daemon is stopping, waits for every acknowledged change to be
    /// committed, sends what is queued, and closes every connection.
    func stop() -> EventLoopFuture<Void> {
        hooks.stopping(statusLine)
        perform([.event(.daemonStopping)])
        flush()
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        return pipeline.drain().flatMap {
            daemon.value.flush()
            let closing = daemon.value.connections.values.map { $0.channel.close() }
            return EventLoopFuture.whenAllComplete(closing, on: daemon.value.eventLoop).map { _ in }
        }
    }

    /// Resumes the app state a graceful restart handed over, instead of `loading`.
    func resume(from state: HandOffState) {
        coordinator.resume(state: state.appState, session: storedSession)
        logger.info("resumed after a graceful restart", metadata: ["generation": "\(state.generation)", "state": "\(state.appState)"])
    }

    /// Prepares a graceful restart: stops reading, answers what was read, commits, flushes every
    /// outbound queue (500 ms at most), and describes every connection for the next process.
    /// Connections stay open; their descriptors go to the next process with the state.
    func prepareHandOff(reason: HandOffReason) -> EventLoopFuture<(state: HandOffState, connections: [(fileDescriptor: Int32, name: String)])> {
        handingOff = true
        switch reason {
        case .restart: hooks.stopping("restarting: handing \(connections.count) connections over")
        case .upgrade: hooks.reloading()
        }
        for connection in connections.values {
            try? connection.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
        }
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        return pipeline.drain().flatMap {
            let daemon = daemon.value
            daemon.flush()
            let written = daemon.connections.values.map { $0.channel.writeAndFlush(ByteBuffer()) }
            let allWritten = EventLoopFuture.whenAllComplete(written, on: loop).map { _ in }
            let bounded = loop.makePromise(of: Void.self)
            allWritten.cascade(to: bounded)
            loop.scheduleTask(in: .milliseconds(500)) { bounded.succeed() }
            return bounded.futureResult
        }.map {
            daemon.value.handOffRecords()
        }
    }

    /// Why connections are handed over: the service manager restarts the daemon (`STOPPING=1`),
    /// or it replaces itself in place (`RELOADING=1`, then the new binary's `READY=1`).
    enum HandOffReason {
        case restart
        case upgrade
    }

    /// The name the listening socket had when inherited (socket activation), kept on an upgrade.
    var listenerName: String?

    /// Undoes ``prepareHandOff(reason:)`` when the next process could not be started.
    func abandonHandOff() {
        handingOff = false
        for connection in connections.values {
            try? connection.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        }
    }

    private func handOffRecords() -> (state: HandOffState, connections: [(fileDescriptor: Int32, name: String)]) {
        var records: [HandOffState.ConnectionRecord] = []
        var descriptors: [(fileDescriptor: Int32, name: String)] = []
        for connection in connections.values.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
            guard let fd = Self.descriptor(of: connection.channel) else { continue }
            let name = connection.storeName ?? "\(ConnectionName.prefix)\(instance)-\(connection.id.rawValue)"
            let presented = coordinator.registry.window(presentedBy: connection.id)
            let subscription = connection.subscription.record
            records.append(HandOffState.ConnectionRecord(
                name: name, presenting: presented?.id.rawValue, phase: presented?.phase,
                subscription: subscription.names, subscribedToAll: subscription.all,
                lastSeq: connection.lastSeq, partialLine: connection.framer?.takePartialLine() ?? []))
            descriptors.append((fd, name))
        }
        let state = HandOffState(generation: instance, appState: coordinator.state, connections: records)
        return (state, descriptors)
    }

    /// Applies a re-read config; connections and windows stay.
    func reload(_ newConfig: DaemonConfig) {
        config = newConfig
        coordinator.reconfigure(groups: newConfig.windowGroups, limits: newConfig.coordinatorLimits)
        access = AccessPolicy(allowedUIDs: newConfig.daemon.allowedUIDs, allowedGroup: AccessPolicy.groupID(named: newConfig.daemon.allowedGroup))
        perform([.event(.daemonReloaded)])
        flush()
        logger.info("config reloaded", metadata: ["groups": "\(newConfig.groups.keys.sorted())"])
        hooks.ready(statusLine)
    }

    // MARK: - Connections

    /// Registers a new connection, or refuses it (other user, too many clients) with an error line.
    func accept(_ channel: any Channel, peer: PeerCredentials) -> Connection? {
        guard let connection = admit(channel, peer: peer) else { return nil }
        if let store = hooks.descriptorStore, let fd = Self.descriptor(of: channel) {
            let name = "\(ConnectionName.prefix)\(instance)-\(connection.id.rawValue)"
            store.store(fd, name)
            connection.storeName = name
        }
        return connection
    }

    /// Takes over a connection a previous process handed on; with its record after a graceful
    /// restart (then nothing changes for the client but one `daemon.restarted`), without one
    /// after a crash (`daemon.restarted` with `resync`: the client re-attaches or re-subscribes).
    func adopt(_ channel: any Channel, peer: PeerCredentials, name: String, record: HandOffState.ConnectionRecord?) -> Connection? {
        guard let connection = admit(channel, peer: peer) else {
            hooks.descriptorStore?.remove(name)
            return nil
        }
        connection.storeName = name
        connection.restartNotice = .restarted(resync: record == nil)
        if let record {
            connection.lastSeq = record.lastSeq
            connection.subscription = .init(names: record.subscription, all: record.subscribedToAll)
            if let window = record.presenting,
               !coordinator.resumePresenter(window, connection: connection.id, phase: record.phase ?? .active) {
                logger.notice("a handed-over presenter's window is gone", metadata: ["window.id": "\(window)"])
                connection.restartNotice = .restarted(resync: true)
            }
        }
        return connection
    }

    /// Sends what a connection must hear first once it is active (an adopted one: `daemon.restarted`).
    func connectionActive(_ connection: Connection) {
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
    private func admit(_ channel: any Channel, peer: PeerCredentials) -> Connection? {
        let connection = Connection(id: ConnectionID(nextConnection), channel: channel, peer: peer)
        nextConnection += 1
        let refusal: RPCError?
        if !access.admits(peer) {
            refusal = .refused(.forbidden, "uid \(peer.uid) may not use this windowd (it serves uid \(access.ownUID); see allowed_uids and allowed_group)")
            logger.warning("refused a connection from another user", metadata: ["uid": "\(peer.uid)", "pid": "\(peer.pid)"])
        } else if connections.count >= config.daemon.maxClients {
            refusal = .refused(.limitExceeded, "windowd serves at most \(config.daemon.maxClients) clients (max_clients); try again later")
            logger.warning("refused a connection over max_clients", metadata: ["pid": "\(peer.pid)"])
        } else {
            refusal = nil
        }
        if let refusal {
            channel.writeAndFlush(responseLine(RPCResponse<NoParams>(id: nil, error: refusal))).whenComplete { _ in
                channel.close(promise: nil)
            }
            return nil
        }
        connections[connection.id] = connection
        scheduleStatus()
        return connection
    }

    /// Forgets a connection: the window it presented, if any, goes to `background`.
    func connectionClosed(_ connection: Connection) {
        // During a hand-off only this process's copy closes; the client stays with the next one.
        guard !handingOff, connections.removeValue(forKey: connection.id) != nil else { return }
        if let name = connection.storeName { hooks.descriptorStore?.remove(name) }
        var effects: [Effect] = []
        coordinator.detach(connection: connection.id, now: now, effects: &effects)
        perform(effects)
        flush()
        scheduleStatus()
    }

    /// Answers a line over `max_message_bytes` before the connection is closed.
    func rejectOversizeMessage(from connection: Connection) {
        let error = RPCError.invalidRequest("message exceeds max_message_bytes (\(config.daemon.maxMessageBytes) bytes); the connection is closed", reason: .limitExceeded)
        send(responseLine(RPCResponse<NoParams>(id: nil, error: error)), to: connection)
        flush()
    }

    /// The number of connected clients.
    var clientCount: Int { connections.count }

    // MARK: - Requests

    /// Handles one request line and queues its response and the events it caused.
    func handle(line: ByteBuffer, from connection: Connection) {
        let data = Data(line.readableBytesView)
        // Parse the whole line first: JSONDecoder does not validate members a typed decode
        // skips, and a line that is not JSON must get -32700 whatever it holds.
        guard let message = try? decoder.decode(JSONValue.self, from: data) else {
            send(responseLine(RPCResponse<NoParams>(id: nil, error: .parseError("not valid JSON: send one JSON-RPC object per line"))), to: connection)
            return
        }
        guard case .object(let members) = message else {
            let reply = RPCError.invalidRequest("a request is a JSON object with \"jsonrpc\":\"2.0\", \"method\" and \"id\"")
            send(responseLine(RPCResponse<NoParams>(id: nil, error: reply)), to: connection)
            return
        }
        let header = RPCRequestHeader(members: members)
        guard header.jsonrpc == "2.0", let method = header.method else {
            let reply = RPCError.invalidRequest("a request needs \"jsonrpc\":\"2.0\" and a string \"method\"")
            send(responseLine(RPCResponse<NoParams>(id: header.id, error: reply)), to: connection)
            return
        }
        guard let route = MethodTable.routes[method] else {
            if header.id != nil {
                send(responseLine(RPCResponse<NoParams>(id: header.id, error: .methodNotFound(method))), to: connection)
            }
            return
        }
        if route.mutates, let failure = pipeline.failure {
            send(responseLine(RPCResponse<NoParams>(id: header.id, error: Self.storeRefusal(failure))), to: connection)
            return
        }
        var effects: [Effect] = []
        let request = MethodRoute.Request(data: data, hasParams: header.hasParams, id: header.id, connection: connection)
        let reply: ByteBuffer
        do {
            reply = try route.invoke(self, request, &effects)
        } catch let error as RPCError {
            if error.reason == .invalidTransition {
                logger.warning("refused transition", metadata: ["reason": "\(error.message)"])
            }
            reply = responseLine(RPCResponse<NoParams>(id: header.id, error: error))
        } catch {
            reply = responseLine(RPCResponse<NoParams>(id: header.id, error: .invalidParams("\(error)")))
        }
        // Acknowledge after commit: the reply and the events wait for the changes this request
        // made or saw to be durable (at once when nothing is pending).
        var changes: [StateChange] = []
        effects.removeAll { effect in
            guard case .persist(let change) = effect else { return false }
            changes.append(change)
            return true
        }
        pipeline.add(changes)
        let id = header.id
        pipeline.whenDurable { [self] failure in
            if id != nil {
                if route.mutates, let failure, !changes.isEmpty {
                    send(responseLine(RPCResponse<NoParams>(id: id, error: Self.storeRefusal(failure))), to: connection)
                } else {
                    send(reply, to: connection)
                }
            }
            perform(effects)
            if !effects.isEmpty { scheduleStatus() }
        }
    }

    private static func storeRefusal(_ failure: CommitPipeline.StoreFailure) -> RPCError {
        RPCError(code: -32603, message: "windowd cannot save state (\(failure)); changes are refused until the state directory accepts writes again")
    }

    /// Encodes a response (or any message) as one line.
    func responseLine<Message: Encodable>(_ message: Message) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256)
        do {
            buffer.writeBytes(try encoder.encode(message))
        } catch {
            buffer.writeString(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error: cannot encode the response"}}"#)
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }

    /// Queues `buffer` on `connection`; ``flush()`` sends it.
    func send(_ buffer: ByteBuffer, to connection: Connection) {
        if !connection.needsFlush { unflushed.append(connection) }
        connection.write(buffer)
    }

    /// Sends everything queued, on every connection.
    func flush() {
        for connection in unflushed { connection.flushIfNeeded() }
        unflushed.removeAll(keepingCapacity: true)
    }

    // MARK: - Effects

    /// Carries out what the coordinator asked for.
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .event(let event):
                deliver(event)
            case .launch(let arguments, let window):
                logger.info("launching", metadata: ["window.id": "\(window)", "command": "\(arguments)"])
                launcher.launch(arguments, window: window)
            case .phaseReaction(let phase):
                react(to: phase)
            case .persist(let change):
                pipeline.add([change])
            }
        }
    }

    /// The central reaction to the aggregate phase (SPEC section 3): `active` validates the
    /// session (its expiry is checked by the coordinator at once, the command here), `inactive`
    /// makes sure everything acknowledged is on disk, `background` compacts and releases memory.
    private func react(to phase: ScenePhase) {
        logger.debug("aggregate phase", metadata: ["phase": "\(phase.rawValue)"])
        switch phase {
        case .active:
            guard let session = coordinator.session, !config.app.validateCommand.isEmpty else { return }
            let daemon = NIOLoopBound(self, eventLoop: eventLoop)
            sessionValidator.validate(session, now: now) { verdict in
                guard verdict == .invalid, daemon.value.coordinator.session == session else { return }
                var effects: [Effect] = []
                daemon.value.coordinator.expireSession(now: daemon.value.now, effects: &effects)
                daemon.value.perform(effects)
                daemon.value.flush()
            }
        case .inactive, .background:
            let level: MaintenanceLevel = phase == .inactive ? .sync : .compact
            let logger = self.logger
            pipeline.whenDurable { [store] _ in
                store.maintain(level) { result in
                    if case .failure(let error) = result {
                        logger.warning("state maintenance failed", metadata: ["level": "\(level)", "error": "\(error)"])
                    }
                }
            }
        }
    }

    /// Sends `event` to its audience: subscribers, presenters, or everyone, each with its own `seq`.
    private func deliver(_ event: DaemonEvent) {
        let encoded = encode(event)
        switch event {
        case .windowOpened, .windowClosed, .windowPhase:
            for connection in connections.values where connection.subscription.includes(encoded.name) {
                send(encoded, to: connection)
            }
        case .windowFocus(_, let presenter):
            for connection in connections.values where connection.id == presenter || connection.subscription.includes(encoded.name) {
                send(encoded, to: connection)
            }
        case .windowDismiss(_, _, let presenter):
            if let connection = connections[presenter] { send(encoded, to: connection) }
        case .scenePhase, .appState:
            for connection in connections.values
            where connection.subscription.includes(encoded.name) || coordinator.registry.window(presentedBy: connection.id) != nil {
                send(encoded, to: connection)
            }
        case .daemonStopping, .daemonReloaded:
            for connection in connections.values { send(encoded, to: connection) }
        case .daemonRestarted(_, let connection):
            if let connection = connections[connection] { send(encoded, to: connection) }
        }
    }

    private func send(_ event: EncodedEvent, to connection: Connection) {
        connection.lastSeq += 1
        send(event.line(seq: connection.lastSeq, allocator: allocator), to: connection)
    }

    private func encode(_ event: DaemonEvent) -> EncodedEvent {
        func bytes(_ payload: some Encodable) -> [UInt8] {
            (try? Array(encoder.encode(payload))) ?? Array("{}".utf8)
        }
        let payload: [UInt8]
        switch event {
        case .windowOpened(let window), .windowClosed(let window), .windowPhase(let window), .windowFocus(let window, _):
            payload = bytes(WindowEvent(window: window))
        case .windowDismiss(let window, let reason, _):
            payload = bytes(WindowDismissEvent(window: window, reason: reason))
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

    // MARK: - Status

    /// `12 windows, 3 attached, phase active, authenticated`.
    var statusLine: String {
        let registry = coordinator.registry
        return "\(registry.count) windows, \(registry.attachedCount) attached, phase \(registry.aggregate.rawValue), \(coordinator.state)"
    }

    /// Seconds since the daemon started.
    var uptime: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Sends the status line at most four times a second, and only when it changed.
    private func scheduleStatus() {
        guard !statusReport.scheduled else { return }
        statusReport.scheduled = true
        eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(250)) { [self] in
            statusReport.scheduled = false
            let line = statusLine
            if line != statusReport.sent {
                statusReport.sent = line
                hooks.status(line)
            }
        }
    }

    private struct StatusReport {
        var scheduled = false
        var sent = ""
    }

    // MARK: - For the method handlers

    /// Mutates the coordinator.
    func withCoordinator<Value>(_ body: (inout SceneCoordinator) throws(RPCError) -> Value) throws(RPCError) -> Value {
        try body(&coordinator)
    }

    /// Subscribes `connection` and returns the `seq` before the subscription.
    func subscribe(_ connection: Connection, to types: [String]?) throws(RPCError) -> UInt64 {
        if let types {
            let unknown = types.filter { EventName(rawValue: $0) == nil }
            guard unknown.isEmpty else {
                throw .invalidParams("unknown event types \(unknown); known: \(EventName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            connection.subscription = .only(Set(types))
        } else {
            connection.subscription = .all
        }
        return connection.lastSeq
    }
}

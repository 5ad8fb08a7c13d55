#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NIOCore
import WindowCore
import WindowDispatch
import WindowProtocol
import WindowStore

/// The running daemon: the coordinator, the connections, and the execution of what
/// the coordinator asks for. Lives on one event loop, like tmux's server loop:
/// every request, event and timer runs there, in order, with no locks.
///
/// Its state has one owner: other types call its operations. The coordinator, the rollback
/// point and the id source are private to this file (``change(_:)``, ``changeOnItsOwn(_:)``,
/// ``returnToRollbackPoint()``); the other `var`s are changed only by the daemon's extensions,
/// one file per concern, which Swift's `private` cannot span.
final class WindowDaemon {
    /// The loop everything runs on.
    let eventLoop: any EventLoop
    /// The daemon's logger.
    let logger: Logger
    /// The config in force.
    var config: DaemonConfig
    /// The app-state controller: changed only here, by a request (``change(_:)``), by the daemon
    /// on its own (``changeOnItsOwn(_:)``) or by going back to the rollback point.
    private(set) var coordinator: SceneCoordinator
    /// The ids of the windows requests open: the daemon's own, on its loop (no lock).
    private var windowIDs = WindowIDSource()
    /// What a failed commit of requests' changes goes back to (``WindowDaemon/rollBack()``).
    private var rollbackPoint: RollbackPoint
    /// The connected clients.
    let connections = ConnectionTable()
    var access: AccessPolicy
    let hooks: LifecycleHooks
    let launcher: ProcessLauncher
    let pipeline: CommitPipeline
    let store: any StateStore
    let storedSession: Session?
    let wallClock: @Sendable () -> Double
    let startedAt = ContinuousClock.now
    /// What the service manager was told of the status line.
    var statusReport = StatusReport()
    /// Names this process's connections in the fd store, unique across restarts.
    let instance = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    /// Serving, handing connections over, or stopping.
    var lifecycle = DaemonLifecycle.serving
    /// Set while events withdrawn from connections wait to be taken out of their numbering.
    var withdrawing = false
    /// The `validate_command` in flight, if any, and who waits for its verdict.
    var validatorFlight = ValidatorFlight<(SessionValidator.Verdict) -> Void>()
    /// When `loading` ends.
    var loadingGate = LoadingGate(hasStoredSession: false)
    /// Attaches that wait for the end of `loading`, and what their connections sent after them.
    var heldRequests = HeldRequests()
    /// How many clients the open-file limit lets it serve, after raising that limit for `max_clients`.
    var descriptors: DescriptorBudget
    /// When to log connections refused over a limit.
    var refusals = RefusalLog()
    /// Whether a subscriber's unsent events hold requests back, and since when.
    var pressure: OutboundPressure
    /// Connections with bytes kept unread while requests were held back, in the order they were held.
    var heldConnections: [Connection] = []
    /// Set while kept bytes are being handled, so that a release meanwhile does not start again.
    var resumingHeldInput = false
    /// Disconnects a subscriber that holds requests back for `outbound_stall_ms`.
    var stallTimer: Scheduled<Void>?
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
    init(config: DaemonConfig, eventLoop: any EventLoop, hooks: LifecycleHooks, store: any StateStore,
         restored: WindowRegistry, storedSession: Session?, logger: Logger,
         listenerName: String? = nil, configLoader: (@Sendable () throws(ConfigError) -> DaemonConfig)? = nil,
         wallClock: @escaping @Sendable () -> Double = { [anchored = AnchoredWallClock()] in anchored.now() }) {
        self.config = config
        self.eventLoop = eventLoop
        let encoder = ResponseEncoder()
        self.encoder = encoder
        self.router = RequestRouter(encoder: encoder)
        self.hooks = hooks
        self.store = store
        self.launcher = ProcessLauncher(eventLoop: eventLoop, logger: logger)
        self.pipeline = CommitPipeline(store: store, eventLoop: eventLoop, logger: logger)
        self.storedSession = storedSession
        self.logger = logger
        self.wallClock = wallClock
        self.listenerName = listenerName
        self.configLoader = configLoader
        self.coordinator = SceneCoordinator(groups: config.windowGroups, limits: config.coordinatorLimits)
        self.access = AccessPolicy(config.daemon)
        self.descriptors = DescriptorLimit.provide(forClients: config.daemon.maxClients)
        self.pressure = OutboundPressure(maxOutbound: config.daemon.maxOutboundBytes, stallMilliseconds: config.daemon.outboundStallMilliseconds)
        coordinator.restore(restored)
        rollbackPoint = RollbackPoint(&coordinator)
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        pipeline.onRelease = {
            daemon.value.settleWithdrawnEvents()
            daemon.value.flush()
        }
        pipeline.onCommitStart = { daemon.value.rollbackPoint.commitStarted(&daemon.value.coordinator) }
        pipeline.onCommitted = { daemon.value.rollbackPoint.committed(&daemon.value.coordinator, nothingQueued: $0) }
        pipeline.onRollBack = { daemon.value.rollBack() }
        logDescriptors()
    }

    var sessionValidator: SessionValidator {
        SessionValidator(command: config.app.validateCommand, timeout: .seconds(5), launcher: launcher, logger: logger)
    }

    /// Validates `session` (``SessionValidator``), with at most one `validate_command` in
    /// flight: asked for while one runs for the same session, it gets that one's verdict.
    func validateSession(_ session: Session, completion: @escaping (SessionValidator.Verdict) -> Void) {
        eventLoop.preconditionInEventLoop()
        guard validatorFlight.ask(session, completion) else { return }
        startValidator(for: session)
    }

    private func startValidator(for session: Session) {
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        sessionValidator.validate(session, now: now) { verdict in
            let (waiters, next) = daemon.value.validatorFlight.finish()
            if let next { daemon.value.startValidator(for: next) }
            for waiter in waiters { waiter(verdict) }
        }
    }

    /// The current wall-clock time, in seconds since the Unix epoch.
    var now: Double { wallClock() }

    /// The name the listening socket had when inherited (socket activation), kept on an upgrade.
    let listenerName: String?
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
    /// request of it is answered with the error (``rollBack()``).
    func handle(line: UnsafeRawBufferPointer, from connection: Connection) {
        eventLoop.assertInEventLoop()
        if !heldRequests.isEmpty || coordinator.state == .loading, holdUntilLoaded(line, from: connection) { return }
        // A transition out of `loading` (app.transition) ends the wait as loading's own end does.
        defer { if !heldRequests.isEmpty { releaseHeldRequests() } }
        var pending = PendingEffects()
        let outcome = router.handle(line: line, from: connection.id, context: self) { reply in
            address(reply.effects, into: &pending)
            if let error = reply.error, error.reason == .invalidTransition {
                logger.warning("refused transition", metadata: ["reason": "\(error.message)"])
            }
        }
        for reply in outcome.replies where !reply.changes.isEmpty {
            pipeline.add(reply.changes)
        }
        if pipeline.isIdle { rollbackPoint.settle(&coordinator) }
        guard pipeline.isDurable else {
            pipeline.whenDurable { [self] failure in deliver(outcome, undone: failure, pending, to: connection) }
            return
        }
        deliver(outcome, undone: nil, pending, to: connection)
    }

    /// Queues a line's response, then the events and actions it caused; when what the line did
    /// was undone (`undone`: its commit failed), every reply is that error and nothing is announced.
    private func deliver(_ outcome: RequestRouter.Outcome, undone: CommitPipeline.StoreFailure?, _ pending: PendingEffects, to connection: Connection) {
        sendReply(to: connection) { outcome.write(undone: undone?.description, encoder: encoder, into: &$0) }
        if undone != nil {
            withdraw(pending, subscribedBy: outcome, on: connection)
        } else if !pending.isEmpty {
            release(pending)
        }
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

    /// Sends everything queued, on every connection.
    func flush() {
        eventLoop.assertInEventLoop()
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        connections.flush { daemon.value.outboundWritten($0) }
        weighHoldingConnections()
    }

    // MARK: - What requests read and change

    /// Subscribes a connection to `types` (all when `nil`); returns the `seq` before the
    /// subscription: the number of the last event addressed to it, sent or waiting for a commit.
    func subscribe(_ id: ConnectionID, to types: Set<EventName>?) -> UInt64 {
        guard let connection = connections[id] else { return 0 }
        connections.subscribe(connection, to: types.map { .only($0) } ?? .all)
        return connection.lastSeq
    }
}

extension WindowDaemon {
    // MARK: - Changes the daemon makes on its own, and undoing requests' changes

    /// Makes a change of the daemon's own — a timer, a verdict, a closed connection, a restart,
    /// a reload — to the coordinator and to the rollback point, so that undoing requests'
    /// changes never undoes it; its changes to persist are kept and retried until they are saved.
    /// Returns what `change` returned and the effects to ``perform(_:)``.
    @discardableResult
    func changeOnItsOwn<Result>(_ change: @escaping (inout SceneCoordinator, inout [Effect]) -> Result) -> (result: Result, effects: [Effect]) {
        var effects: [Effect] = []
        let result = change(&coordinator, &effects)
        if pipeline.isIdle {
            rollbackPoint.settle(&coordinator)
        } else {
            rollbackPoint.madeOwnChange { coordinator in
                var ignored: [Effect] = []
                _ = change(&coordinator, &ignored)
            }
        }
        return (result, effects)
    }

    /// A transaction holding requests' changes failed: the coordinator goes back to the rollback
    /// point, with the daemon's own changes since made again (``rollBack()`` tells the rest).
    func returnToRollbackPoint() {
        rollbackPoint.failed(&coordinator)
    }
}

extension WindowDaemon: DispatchContext {
    /// A request's change to the coordinator, made in place; the line's commit, or its rollback
    /// (``rollBack()``), follows in ``handle(line:from:)``.
    func change<Result, Failure: Error>(
        _ body: (inout SceneCoordinator, inout WindowIDSource) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&coordinator, &windowIDs)
    }

    /// A request's read of the coordinator.
    func read<Result, Failure: Error>(_ body: (SceneCoordinator) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(coordinator)
    }

    /// The app this daemon serves; `nil` for the default app.
    var app: AppID? { config.appID }
}

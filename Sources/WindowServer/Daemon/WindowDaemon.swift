import Logging
import NIOCore
import POSIXSupport
import WindowEngine
import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
            if let expire = action.expire { daemon.perform(daemon.changeOnItsOwn(expire).effects) }
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
    /// Returns whether it could be made and the effects to ``perform(_:)``.
    @discardableResult
    func changeOnItsOwn(_ change: OwnChange) -> (made: Bool, effects: [Effect]) {
        var effects: [Effect] = []
        let made = machine.makeOwnChange(change, effects: &effects)
        return (made, effects)
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

    /// The peer of `connection` as `/proc` shows it now.
    func process(of connection: ConnectionID) -> PresenterProcess? {
        guard let pid = connections[connection]?.peer.pid, pid > 0, let boot = Self.bootID,
            let stat = WholeFile.text("/proc/\(pid)/stat")
        else { return nil }
        return PresenterProcess(pid: pid, bootID: boot, stat: stat)
    }

    /// What `process` is now, as `/proc` shows it.
    func state(of process: PresenterProcess) -> PresenterProcess.State {
        guard let boot = Self.bootID else { return .gone }
        return process.state(bootID: boot, stat: WholeFile.text("/proc/\(process.pid)/stat"))
    }

    /// This boot's id, which a process kept from another boot does not match.
    private static let bootID = WholeFile.text("/proc/sys/kernel/random/boot_id")?.split(separator: "\n").first
        .map(String.init)
}

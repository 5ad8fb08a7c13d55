#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle
import WindowCore
import WindowProtocol
import WindowStore

/// The windowd service: binds (or adopts) the socket, serves connections on one event loop,
/// reloads on SIGHUP, and on graceful shutdown tells every client and closes cleanly.
public struct WindowServer: Service, CustomStringConvertible {
    private let config: DaemonConfig
    private let address: ListenAddress
    private let inherited: InheritedDescriptors
    private let stateDirectory: String
    private let hooks: LifecycleHooks
    private let logger: Logger
    private let reloadConfig: @Sendable () throws(ConfigError) -> DaemonConfig
    private let signals: SignalReceiver

    /// - Parameters:
    ///   - address: where to listen when no listener is inherited.
    ///   - inherited: descriptors a previous process handed over (`LISTEN_FDS`): the listener,
    ///     client connections to adopt, and the state of a graceful restart.
    ///   - stateDirectory: where the SQLite state lives (durability and damage policy from `config`).
    ///   - reloadConfig: re-reads the config on SIGHUP; an error keeps the old one.
    ///   - signals: SIGHUP (reload) and SIGUSR2 (upgrade in place), as they come.
    public init(config: DaemonConfig, address: ListenAddress, inherited: InheritedDescriptors = InheritedDescriptors(),
                stateDirectory: String, hooks: LifecycleHooks, logger: Logger,
                reloadConfig: @escaping @Sendable () throws(ConfigError) -> DaemonConfig, signals: SignalReceiver) {
        self.signals = signals
        self.config = config
        self.address = inherited.listener.map { .inherited(fileDescriptor: $0.fileDescriptor, name: $0.name) } ?? address
        self.inherited = inherited
        self.stateDirectory = stateDirectory
        self.hooks = hooks
        self.logger = logger
        self.reloadConfig = reloadConfig
    }

    public var description: String { "WindowServer(\(address))" }

    public func run() async throws {
        // The signals are blocked since main began: once READY=1 is out, a SIGHUP reloads, never kills.
        let hangups = signals.signals(.reload)
        let upgrades = signals.signals(.upgrade)
        let (store, stored) = try await openStore()
        let (windows, dropped) = RestoreValidator.validate(stored, groups: Dictionary(uniqueKeysWithValues: config.windowGroups.map { ($0.id, $0) }))
        for (id, reason) in dropped {
            logger.notice("dropped a stored window", metadata: ["window.id": "\(id)", "reason": "\(reason)"])
        }
        if !dropped.isEmpty {
            try await commit(dropped.map { .windowClosed($0.0) }, to: store)
        }
        logger.info("restored", metadata: ["windows": "\(windows.count)", "dropped": "\(dropped.count)", "session": "\(stored.session?.user ?? "none")"])

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let (config, hooks, logger, address, reloadConfig) = (self.config, self.hooks, self.logger, self.address, self.reloadConfig)
        let session = stored.session
        let handOff = inherited.handOffState.flatMap(HandOffFile.read)
        if inherited.handOffState != nil {
            // Read once: a crash later must not find this state again.
            hooks.descriptorStore?.remove(HandOffFile.name)
            if handOff == nil { logger.warning("the hand-off state does not decode; connections resynchronise") }
        }
        let daemon = try await loop.submit {
            let daemon = WindowDaemon(
                config: config, eventLoop: loop, hooks: hooks, store: store, restored: windows,
                storedSession: session, logger: logger)
            if let handOff { daemon.resume(from: handOff) }
            if case .inherited(_, let name) = address { daemon.listenerName = name }
            daemon.configLoader = reloadConfig
            return NIOLoopBound(daemon, eventLoop: loop)
        }.get()

        let server = try await bind(group: group, daemon: daemon)
        try await adoptConnections(group: group, daemon: daemon, handOff: handOff)
        logger.info("listening", metadata: ["socket": "\(address)", "pid": "\(getpid())", "adopted": "\(inherited.connections.count)"])
        try await loop.submit { daemon.value.start() }.get()

        let restart = RestartCoordinator(daemon: daemon, loop: loop, server: server.channel, hooks: hooks, logger: logger)
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { tasks in
                // Ended by cancelling the group once the listener is closed, not with
                // cancelOnGracefulShutdown(): that starts unstructured tasks, which run on the
                // global executor's Dispatch threads (see SignalReceiver).
                tasks.addTask {
                    for await _ in hangups {
                        await reload(daemon: daemon, loop: loop)
                    }
                }
                tasks.addTask {
                    for await _ in upgrades {
                        restart.upgradeInPlace()
                    }
                }
                try await server.executeThenClose { accepted in
                    for try await _ in accepted {}
                }
                tasks.cancelAll()
            }
        } onGracefulShutdown: {
            logger.info("stopping")
            restart.stop()
        }
        if case .path(let path) = address, !restart.keepsSocket {
            unlink(path)
        }
        // The loop's group is left to the process's end, which follows: its shutdown reports
        // through Dispatch, whose worker threads ask for a nice value the unit refuses (see
        // SignalReceiver). Every channel is closed and every change committed by now.
        logger.info("stopped")
    }

    private func openStore() async throws -> (any StateStore, StoredState) {
        let policy: SQLiteStateStore.DamagePolicy = config.state.onDamage == .refuse ? .refuse : .moveAside
        let (store, movedAside) = try SQLiteStateStore.open(directory: stateDirectory, fullSync: config.state.durability == .full, onDamage: policy)
        if let movedAside {
            logger.error("the state database was damaged or foreign; moved it aside and started fresh", metadata: ["moved_to": "\(movedAside)"])
        }
        return (store, try await store.load())
    }

    private func commit(_ changes: [StateChange], to store: any StateStore) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            store.commit(changes) { continuation.resume(with: $0) }
        }
    }

    private func reload(daemon: NIOLoopBound<WindowDaemon>, loop: any EventLoop) async {
        _ = try? await loop.submit { daemon.value.reloadFromDisk() }.get()
    }

    private func bind(group: MultiThreadedEventLoopGroup, daemon: NIOLoopBound<WindowDaemon>) async throws -> NIOAsyncChannel<Void, Never> {
        let setUp = ConnectionSetUp(daemon: daemon, config: config, logger: logger)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 512)
        let initialize: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            setUp.accept(channel)
        }
        switch address {
        case .path(let path):
            try SocketPreparer.prepare(path: path)
            // Created owner-only from the first instant; `secure` then sets the configured group.
            let previousMask = umask(0o177)
            defer { umask(previousMask) }
            let channel = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false, childChannelInitializer: initialize)
            try SocketPreparer.secure(path: path, group: AccessPolicy.groupID(named: config.daemon.allowedGroup))
            if let store = hooks.descriptorStore {
                // Kept by the manager, so that the next process serves the same socket.
                try await channel.channel.eventLoop.submit {
                    if let fd = WindowDaemon.descriptor(of: channel.channel) { store.store(fd, RestartCoordinator.listenerName) }
                }.get()
            }
            return channel
        case .inherited(let fd, _):
            return try await bootstrap.bind(fd, cleanupExistingSocketFile: false, childChannelInitializer: initialize)
        }
    }

    /// Adopts the client connections a previous process handed over: all of them first, with
    /// reading held back, so that no request is served before every presenter is back.
    private func adoptConnections(group: MultiThreadedEventLoopGroup, daemon: NIOLoopBound<WindowDaemon>, handOff: HandOffState?) async throws {
        guard !inherited.connections.isEmpty else { return }
        let setUp = ConnectionSetUp(daemon: daemon, config: config, logger: logger)
        let records = Dictionary((handOff?.connections ?? []).map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        let adopting = inherited.connections.map { connection in
            let record = records[connection.name]
            return ClientBootstrap(group: group)
                .channelOption(.autoRead, value: false)
                .channelInitializer { channel in setUp.adopt(channel, name: connection.name, record: record) }
                .withConnectedSocket(connection.fileDescriptor)
        }
        var adopted: [any Channel] = []
        for (connection, future) in zip(inherited.connections, adopting) {
            do {
                adopted.append(try await future.get())
            } catch {
                logger.warning("cannot adopt a handed-over connection", metadata: ["name": "\(connection.name)", "error": "\(error)"])
                hooks.descriptorStore?.remove(connection.name)
            }
        }
        for channel in adopted {
            channel.setOption(.autoRead, value: true).whenFailure { _ in }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle
import UnixSignals
import WindowCore
import WindowProtocol
import WindowStore

/// The windowd service: binds (or adopts) the socket, serves connections on one event loop,
/// reloads on SIGHUP, and on graceful shutdown tells every client and closes cleanly.
public struct WindowServer: Service, CustomStringConvertible {
    private let config: DaemonConfig
    private let address: ListenAddress
    private let storage: Storage
    private let hooks: LifecycleHooks
    private let logger: Logger
    private let reloadConfig: @Sendable () throws(ConfigError) -> DaemonConfig

    /// Where durable state is kept.
    public enum Storage: Sendable {
        /// SQLite in this directory, with the config's durability and damage policy.
        case directory(String)
        /// In memory only (tests).
        case memory(MemoryStateStore)
    }

    /// - Parameters:
    ///   - reloadConfig: re-reads the config on SIGHUP; an error keeps the old one.
    public init(config: DaemonConfig, address: ListenAddress, storage: Storage, hooks: LifecycleHooks, logger: Logger,
                reloadConfig: @escaping @Sendable () throws(ConfigError) -> DaemonConfig) {
        self.config = config
        self.address = address
        self.storage = storage
        self.hooks = hooks
        self.logger = logger
        self.reloadConfig = reloadConfig
    }

    public var description: String { "WindowServer(\(address))" }

    public func run() async throws {
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
        let (config, hooks, logger) = (self.config, self.hooks, self.logger)
        let session = stored.session
        let daemon = try await loop.submit {
            NIOLoopBound(WindowDaemon(
                config: config, eventLoop: loop, hooks: hooks, store: store, restored: windows,
                storedSession: session, logger: logger), eventLoop: loop)
        }.get()

        let server = try await bind(group: group, daemon: daemon)
        logger.info("listening", metadata: ["socket": "\(address)", "pid": "\(getpid())"])
        try await loop.submit { daemon.value.start() }.get()

        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { tasks in
                tasks.addTask {
                    for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
                        await reload(daemon: daemon, loop: loop)
                    }
                }
                try await server.executeThenClose { accepted in
                    for try await _ in accepted {}
                }
            }
        } onGracefulShutdown: {
            logger.info("stopping")
            loop.execute {
                daemon.value.stop().whenComplete { _ in server.channel.close(promise: nil) }
            }
        }
        if case .path(let path) = address {
            unlink(path)
        }
        try await group.shutdownGracefully()
        logger.info("stopped")
    }

    private func openStore() async throws -> (any StateStore, StoredState) {
        switch storage {
        case .memory(let store):
            return (store, try await store.load())
        case .directory(let directory):
            let policy: SQLiteStateStore.DamagePolicy = config.state.onDamage == .refuse ? .refuse : .moveAside
            let (store, movedAside) = try SQLiteStateStore.open(directory: directory, fullSync: config.state.durability == .full, onDamage: policy)
            if let movedAside {
                logger.error("the state database was damaged or foreign; moved it aside and started fresh", metadata: ["moved_to": "\(movedAside)"])
            }
            return (store, try await store.load())
        }
    }

    private func commit(_ changes: [StateChange], to store: any StateStore) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            store.commit(changes) { continuation.resume(with: $0) }
        }
    }

    private func reload(daemon: NIOLoopBound<WindowDaemon>, loop: any EventLoop) async {
        hooks.reloading()
        do throws(ConfigError) {
            let fresh = try reloadConfig()
            try? await loop.submit { daemon.value.reload(fresh) }.get()
        } catch {
            logger.error("reload refused, the old config stays", metadata: ["error": "\(error)"])
            hooks.ready("reload failed: \(error)")
        }
    }

    private func bind(group: MultiThreadedEventLoopGroup, daemon: NIOLoopBound<WindowDaemon>) async throws -> NIOAsyncChannel<Void, Never> {
        let maxMessage = config.daemon.maxMessageBytes
        let maxOutbound = config.daemon.maxOutboundBytes
        let logger = self.logger
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 512)
        let initialize: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            PeerCredentials.of(channel).flatMapThrowing { peer in
                guard let connection = daemon.value.accept(channel, peer: peer) else { return }
                let pipeline = channel.pipeline.syncOperations
                try pipeline.addHandler(OutboundQueueLimiter(limit: maxOutbound) { queued in
                    logger.warning("disconnecting a client that does not read", metadata: [
                        "connection": "\(connection.id)", "queued": "\(queued)", "max_outbound_bytes": "\(maxOutbound)",
                    ])
                })
                try pipeline.addHandler(ByteToMessageHandler(LineBasedFrameDecoder(), maximumBufferSize: maxMessage + 1))
                try pipeline.addHandler(ConnectionHandler(daemon: daemon.value, connection: connection))
            }
        }
        switch address {
        case .path(let path):
            try SocketPreparer.prepare(path: path)
            // Created owner-only from the first instant; `secure` then sets the configured group.
            let previousMask = umask(0o177)
            defer { umask(previousMask) }
            let channel = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false, childChannelInitializer: initialize)
            try SocketPreparer.secure(path: path, group: AccessPolicy.groupID(named: config.daemon.allowedGroup))
            return channel
        case .inherited(let fd, _):
            return try await bootstrap.bind(fd, cleanupExistingSocketFile: false, childChannelInitializer: initialize)
        }
    }
}

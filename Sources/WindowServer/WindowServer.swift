#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle
import UnixSignals
import WindowProtocol

/// The windowd service: binds (or adopts) the socket, serves connections on one event loop,
/// reloads on SIGHUP, and on graceful shutdown tells every client and closes cleanly.
public struct WindowServer: Service, CustomStringConvertible {
    private let config: DaemonConfig
    private let address: ListenAddress
    private let hooks: LifecycleHooks
    private let logger: Logger
    private let reloadConfig: @Sendable () throws(ConfigError) -> DaemonConfig

    /// - Parameters:
    ///   - reloadConfig: re-reads the config on SIGHUP; an error keeps the old one.
    public init(config: DaemonConfig, address: ListenAddress, hooks: LifecycleHooks, logger: Logger,
                reloadConfig: @escaping @Sendable () throws(ConfigError) -> DaemonConfig) {
        self.config = config
        self.address = address
        self.hooks = hooks
        self.logger = logger
        self.reloadConfig = reloadConfig
    }

    public var description: String { "WindowServer(\(address))" }

    public func run() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let (config, hooks, logger) = (self.config, self.hooks, self.logger)
        let daemon = try await loop.submit {
            let launcher = ProcessLauncher(eventLoop: loop, logger: logger)
            return NIOLoopBound(WindowDaemon(config: config, eventLoop: loop, hooks: hooks, launcher: launcher, logger: logger), eventLoop: loop)
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
            let channel = try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false, childChannelInitializer: initialize)
            try SocketPreparer.secure(path: path, group: AccessPolicy.groupID(named: config.daemon.allowedGroup))
            return channel
        case .inherited(let fd, _):
            return try await bootstrap.bind(fd, cleanupExistingSocketFile: false, childChannelInitializer: initialize)
        }
    }
}

import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The signal service: SIGHUP re-reads and applies the config (an error keeps the old one),
/// SIGUSR2 upgrades in place. It acts on the socket server once that runs, and is the first
/// to stop.
public final class SignalService: Service, Sendable {
    private let hangups: UnixSignalsSequence
    private let upgrades: UnixSignalsSequence
    private let server: SocketServer
    private let hooks: LifecycleHooks
    private let logger: Logger
    private let reloadConfig: @Sendable () throws(ConfigError) -> DaemonConfig

    /// Traps SIGHUP and SIGUSR2 at once, before the server can send `READY=1`: from then on a
    /// SIGHUP reloads and never kills.
    ///
    /// - Parameter reloadConfig: re-reads the config; an error keeps the old one.
    public static func trapping(server: SocketServer, hooks: LifecycleHooks, logger: Logger,
                                reloadConfig: @escaping @Sendable () throws(ConfigError) -> DaemonConfig) async -> SignalService {
        SignalService(hangups: await UnixSignalsSequence(trapping: .sighup), upgrades: await UnixSignalsSequence(trapping: .sigusr2),
                      server: server, hooks: hooks, logger: logger, reloadConfig: reloadConfig)
    }

    private init(hangups: UnixSignalsSequence, upgrades: UnixSignalsSequence, server: SocketServer, hooks: LifecycleHooks,
                 logger: Logger, reloadConfig: @escaping @Sendable () throws(ConfigError) -> DaemonConfig) {
        self.hangups = hangups
        self.upgrades = upgrades
        self.server = server
        self.hooks = hooks
        self.logger = logger
        self.reloadConfig = reloadConfig
    }

    /// Once the socket server runs, reloads on each SIGHUP and upgrades in place on each SIGUSR2,
    /// until graceful shutdown.
    public func run() async throws {
        // A server that failed to start fails this service with the same error.
        let running = try await server.running.value
        await withDiscardingTaskGroup { tasks in
            tasks.addTask {
                for await _ in self.hangups.cancelOnGracefulShutdown() {
                    await self.reload(running)
                }
            }
            tasks.addTask {
                for await _ in self.upgrades.cancelOnGracefulShutdown() {
                    running.restart.upgradeInPlace()
                }
            }
        }
    }

    private func reload(_ running: SocketServer.Running) async {
        hooks.reloading()
        do throws(ConfigError) {
            let fresh = try reloadConfig()
            try? await running.loop.submit { running.daemon.value.reload(fresh) }.get()
        } catch {
            logger.error("reload refused, the old config stays", metadata: ["error": "\(error)"])
            hooks.ready("reload failed: \(error)")
        }
    }
}

import Logging
import NIOCore
import ServiceLifecycle

/// The signal service: SIGHUP re-reads and applies the config (an error keeps the old one),
/// SIGUSR2 upgrades in place. It acts on the socket server once that runs, and is the first
/// to stop.
///
/// The signals come from ``SignalReceiver`` (a `signalfd`, blocked since `main` began), not from
/// Dispatch signal sources, so a SIGHUP after `READY=1` reloads and never kills, and no
/// Dispatch worker thread is started (see ``SignalReceiver``).
public final class SignalService: Service, Sendable {
    private let signals: SignalReceiver
    private let server: SocketServer

    /// A service acting on `server` for the signals `signals` receives.
    public init(signals: SignalReceiver, server: SocketServer) {
        self.signals = signals
        self.server = server
    }

    /// Runs until a graceful shutdown; a server that failed to start fails it with the same error.
    public func run() async throws {
        let running = try await server.running.value
        let (hangups, upgrades) = (signals.signals(.reload), signals.signals(.upgrade))
        // Ended by cancelling the group at the graceful shutdown, not with
        // cancelOnGracefulShutdown(): that starts unstructured tasks, which run on the global
        // executor's Dispatch threads.
        await withDiscardingTaskGroup { tasks in
            tasks.addTask {
                for await _ in hangups {
                    _ = try? await running.loop.submit { running.daemon.value.reloadFromDisk() }.get()
                }
            }
            tasks.addTask {
                for await _ in upgrades {
                    running.restart.upgradeInPlace()
                }
            }
            await untilGracefulShutdown()
            tasks.cancelAll()
        }
    }
}

import Logging
import NIOCore
import ServiceLifecycle
package import UnixSignals

/// The signal service: SIGHUP re-reads and applies the config (an error keeps the old one),
/// SIGUSR2 upgrades in place. It acts on the socket server once that runs, and is the first
/// to stop. SIGTERM and SIGINT are the service group's own graceful-shutdown signals.
package final class SignalService: Service, Sendable {
    private let signals: UnixSignalsSequence
    private let server: SocketServer

    /// The signals this service acts on, trapped from now on: made before the service group
    /// starts, so that a SIGHUP right after `READY=1` reloads (it waits in the sequence until the
    /// server runs) rather than taking the default action, which ends the process.
    package static func trapSignals() async -> UnixSignalsSequence {
        await UnixSignalsSequence(trapping: .sighup, .sigusr2)
    }

    /// A service acting on `server` for the signals in `signals` (``trapSignals()``).
    package init(signals: UnixSignalsSequence, server: SocketServer) {
        self.signals = signals
        self.server = server
    }

    /// Runs until a graceful shutdown; a server that failed to start fails it with the same error.
    package func run() async throws {
        let running = try await server.running.value
        // This service is the first the group stops: at once on SIGTERM, so an upgrade under way
        // learns of the stop before its exec (the stop itself comes after this service ends).
        await withGracefulShutdownHandler {
            // An upgrade runs beside this loop, so that a SIGUSR2 during its check is seen (and
            // ignored) at once rather than queued for a second check after it.
            await withDiscardingTaskGroup { upgrades in
                for await signal in signals.cancelOnGracefulShutdown() {
                    switch signal {
                    case .sighup:
                        await WindowDaemon.reloadOffTheLoop(running.daemon)
                    case .sigusr2:
                        upgrades.addTask { await running.restart.upgradeInPlace() }
                    default:
                        break
                    }
                }
            }
        } onGracefulShutdown: {
            running.restart.stopIsComing()
        }
    }
}

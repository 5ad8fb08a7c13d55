import Logging
import NIOCore
import ServiceLifecycle
package import UnixSignals

/// The signal service: SIGHUP re-reads and applies the config (an error keeps the old one),
/// SIGUSR2 upgrades in place. It is added to the service group once the socket server serves,
/// and is the first to stop. SIGTERM and SIGINT are the service group's own graceful-shutdown signals.
package final class SignalService: Service, Sendable {
    private let signals: UnixSignalsSequence
    private let running: SocketServer.Running

    /// The signals this service acts on, trapped from now on: made before the service group
    /// starts, so that a SIGHUP right after `READY=1` reloads (it waits in the sequence until the
    /// server runs) rather than taking the default action, which ends the process.
    package static func trapSignals() async -> UnixSignalsSequence {
        await UnixSignalsSequence(trapping: .sighup, .sigusr2)
    }

    /// A service acting on the socket server that serves as `running`, for the signals in
    /// `signals` (``trapSignals()``).
    package init(signals: UnixSignalsSequence, running: SocketServer.Running) {
        self.signals = signals
        self.running = running
    }

    /// Runs until a graceful shutdown.
    package func run() async {
        let (signals, running) = (self.signals, self.running)
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

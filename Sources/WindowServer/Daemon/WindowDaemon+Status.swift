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

/// The status line for the service manager, rate-limited.
extension WindowDaemon {
    // MARK: - Status

    /// `12 windows, 3 attached, phase active, authenticated`.
    var statusLine: String {
        let registry = coordinator.registry
        return "\(registry.count) windows, \(registry.attachedCount) attached, phase \(coordinator.aggregate.rawValue), \(coordinator.state)"
    }

    /// Seconds since the daemon started.
    var uptime: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Sends the status line at most four times a second, and only when it changed.
    func scheduleStatus() {
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

    struct StatusReport {
        var scheduled = false
        var sent = ""
        /// Whether the first `READY=1` went out.
        var ready = false
    }
}

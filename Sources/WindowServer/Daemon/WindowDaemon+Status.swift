import Logging
import NIOCore
import WindowEngine
import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The status line for the service manager, rate-limited.
extension WindowDaemon {
    // MARK: - Status

    /// `12 windows, 3 attached, phase active, authenticated`.
    var statusLine: String {
        let registry = coordinator.registry
        return
            "\(registry.count) windows, \(registry.attachedCount) attached, phase \(coordinator.aggregate.rawValue), \(coordinator.state)"
    }

    /// Seconds since the daemon started.
    var uptime: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Sends the status line at most four times a second, and only when it changed.
    func scheduleStatus() {
        guard statusReport.schedule() else { return }
        eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(250)) { [self] in
            if let line = statusReport.due(statusLine) { hooks.status(line) }
        }
    }

    /// What the service manager was told, and whether a status line is on its way: changed only
    /// through its operations.
    struct StatusReport {
        /// Whether a send is scheduled.
        private var scheduled = false
        /// The last line sent.
        private var sent = ""
        /// Whether the first `READY=1` went out.
        private var ready = false

        /// The first `READY=1` goes out with `line`; `false` when it went out before.
        mutating func readied(with line: String) -> Bool {
            guard !ready else { return false }
            ready = true
            sent = line
            return true
        }

        /// A send is to be scheduled; `false` when one is already.
        mutating func schedule() -> Bool {
            guard !scheduled else { return false }
            scheduled = true
            return true
        }

        /// The scheduled send is due with `line`: the line to send, or `nil` when it did not change.
        mutating func due(_ line: String) -> String? {
            scheduled = false
            guard line != sent else { return nil }
            sent = line
            return line
        }
    }
}

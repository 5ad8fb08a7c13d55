import NIOCore

/// The status line for the service manager, rate-limited by the machine (``StatusReport``).
extension WindowDaemon {
    // MARK: - Status

    /// Seconds since the daemon started.
    var uptime: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// What the windows, the phase or the app state show may have changed: the machine sends the
    /// status line at most once per ``DaemonMachine/statusPause``, and only when it changed.
    func scheduleStatus() {
        guard machine.statusMayHaveChanged() else { return }
        eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(DaemonMachine.statusPause)) { [self] in
            machine.statusTimerFired().map(hooks.status)
        }
    }
}

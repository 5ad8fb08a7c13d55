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
        run(machine.receive(.statusMayHaveChanged))
    }

    /// Sets the timer after which the status line is compared with what was sent.
    func armStatusTimer() {
        eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(DaemonMachine.statusPause)) { [self] in
            run(machine.receive(.statusTimerFired))
        }
    }
}

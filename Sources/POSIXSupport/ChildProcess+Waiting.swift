import Glibc

extension ChildProcess {
    /// How it ended, if it has; never blocks.
    package func poll() -> ProcessTermination? {
        if termination == nil { termination = ProcessTermination.reap(pid, blocking: false) }
        return termination
    }

    /// Waits until it ends. `onInterrupt` runs each time a signal interrupts the wait (the
    /// benchmark's `SIGALRM` deadline kills it there).
    @discardableResult
    package func wait(onInterrupt: () -> Void = {}) -> ProcessTermination {
        if let termination { return termination }
        let ended = ProcessTermination.reap(pid, blocking: true, onInterrupt: onInterrupt) ?? .signaled(0)
        termination = ended
        return ended
    }

    /// Waits until it ends or `timeout` has passed (then it keeps running: `nil`). Checks at
    /// growing intervals from 20 µs (most programs run here end within milliseconds) to 1 ms.
    @discardableResult
    package func wait(timeout: Duration) -> ProcessTermination? {
        let deadline = ContinuousClock.now + timeout
        var interval: useconds_t = 20
        while poll() == nil {
            if ContinuousClock.now >= deadline { return nil }
            usleep(interval)
            interval = min(interval * 2, 1_000)
        }
        return termination
    }

    /// Sends `signal` to it, or with `group` to its whole process group (a session it leads),
    /// unless it has been reaped (its pid may be someone else's by then).
    package func signal(_ signal: Int32, group: Bool = false) {
        guard termination == nil else { return }
        kill(group ? -pid : pid, signal)
    }

    /// Sends `signal`, waits up to `grace`, then sends `SIGKILL` and reaps it; how it ended.
    /// With `group`, both signals go to its whole process group.
    @discardableResult
    package func terminate(signal: Int32 = SIGTERM, grace: Duration, group: Bool = false) -> ProcessTermination {
        if let ended = poll() { return ended }
        self.signal(signal, group: group)
        if let ended = wait(timeout: grace) { return ended }
        self.signal(SIGKILL, group: group)
        return wait()
    }
}

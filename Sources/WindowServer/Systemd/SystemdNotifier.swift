import CSystemd
import Glibc

/// Tells the service manager about the daemon's state through libsystemd's `sd_notify`.
///
/// Every call is a no-op when `NOTIFY_SOCKET` is not set, so the daemon can
/// call it unconditionally. Failures to send are ignored, as `sd_notify(3)`
/// recommends: the manager's view is advisory and must not stop the daemon.
/// `NOTIFY_SOCKET` stays in the environment so that later calls still work.
///
/// Each call blocks while the manager's queue is full, i.e. until it reads: never call it
/// on an event loop. ``NotifySender`` calls it from NIO's thread pool.
package struct SystemdNotifier: Sendable {
    /// Creates a notifier for the socket named by `NOTIFY_SOCKET`.
    package init() {}

    /// Whether `NOTIFY_SOCKET` is set, i.e. a service manager listens for notifications.
    package var isEnabled: Bool {
        getenv("NOTIFY_SOCKET") != nil
    }

    /// Sends `READY=1` and `STATUS=`: start-up (or a reload) is complete.
    package func ready(status: String) {
        send(NotifyState.ready(status: status))
    }

    /// Sends `STATUS=`: a one-line text for `systemctl status`.
    package func status(_ text: String) {
        send(NotifyState.status(text))
    }

    /// Sends `RELOADING=1` and `MONOTONIC_USEC=` (now, on `CLOCK_MONOTONIC`) in one datagram.
    ///
    /// Follow it with ``ready(status:)`` once the new configuration is applied.
    package func reloading() {
        send(NotifyState.reloading(monotonicMicroseconds: Self.monotonicMicroseconds()))
    }

    /// Sends `STOPPING=1`, with `STATUS=` when a text is given: shutdown has begun.
    package func stopping(status: String? = nil) {
        send(NotifyState.stopping(status: status))
    }

    /// Sends `WATCHDOG=1`: the daemon is alive; call it at about half of ``watchdogInterval``.
    package func watchdogPing() {
        send(NotifyState.watchdog)
    }

    /// Sends `ERRNO=` and/or `EXIT_STATUS=` with `STATUS=`: start-up failed, and why.
    package func startFailed(errno: Int32?, exitStatus: Int32?, status: String) {
        send(NotifyState.startFailed(errno: errno, exitStatus: exitStatus, status: status))
    }

    /// The watchdog timeout the manager expects pings within (`WATCHDOG_USEC`); `nil` when disabled.
    ///
    /// Read with `sd_watchdog_enabled`, which also checks that `WATCHDOG_PID`,
    /// when set, names this process. This is the full timeout: ping more often.
    package var watchdogInterval: Duration? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return .microseconds(Int64(clamping: microseconds))
    }

    /// Sends a raw state string (newline-separated `KEY=value` assignments) with `sd_notify`.
    package func send(_ state: String) {
        // The return value only says whether a manager listened; see the type's docs.
        _ = sd_notify(0, state)
    }

    /// Now on `CLOCK_MONOTONIC`, in microseconds, the clock `MONOTONIC_USEC=` is read on.
    static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
    }
}

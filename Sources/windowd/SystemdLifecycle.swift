import WindowServer

/// Connects the daemon's lifecycle to systemd's notify protocol through libsystemd.
enum SystemdLifecycle {
    /// READY/STATUS/RELOADING/STOPPING and the watchdog, queued on `notifications` (whose thread
    /// sends them, so that the event loop never waits for the manager), and the fd store when
    /// the manager keeps one.
    static func hooks(_ notifications: NotifySender) -> LifecycleHooks {
        LifecycleHooks(
            ready: { status in notifications.ready(status: status) },
            status: { status in notifications.status(status) },
            reloading: { notifications.reloading() },
            stopping: { status in notifications.stopping(status: status) },
            watchdog: notifications.watchdogInterval.map { interval in
                // A ping the loop asked for is valid for one ping period (half the interval).
                LifecycleHooks.Watchdog(
                    interval: interval,
                    ping: { notifications.watchdogPing(validFor: interval / 2) }
                )
            },
            descriptorStore: notifications.storesDescriptors
                ? LifecycleHooks.DescriptorStore(
                    store: { fd, name in notifications.store(fd, name: name) },
                    remove: { name in notifications.remove(name: name) }
                ) : nil
        )
    }
}

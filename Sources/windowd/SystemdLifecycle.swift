import SystemdSupport
import WindowServer

/// Connects the daemon's lifecycle to systemd's notify protocol through libsystemd.
enum SystemdLifecycle {
    /// READY/STATUS/RELOADING/STOPPING and the watchdog, sent through `notifier`, and the
    /// fd store when the manager keeps one.
    static func hooks(_ notifier: SystemdNotifier, store: FileDescriptorStore?) -> LifecycleHooks {
        LifecycleHooks(
            ready: { status in notifier.ready(status: status) },
            status: { status in notifier.status(status) },
            reloading: { notifier.reloading() },
            stopping: { status in notifier.stopping(status: status) },
            watchdog: notifier.watchdogInterval.map { interval in
                LifecycleHooks.Watchdog(interval: interval, ping: { notifier.watchdogPing() })
            },
            descriptorStore: store.map { store in
                LifecycleHooks.DescriptorStore(store: { fd, name in store.store(fd, name: name) }, remove: { name in store.remove(name: name) })
            })
    }
}

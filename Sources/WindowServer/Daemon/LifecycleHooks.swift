/// What the daemon tells its service manager, and how it proves its event loop is alive.
///
/// `windowd` fills these with libsystemd's notifications; tests and plain runs leave them empty.
/// They are called on the event loop and must return at once, whether or not the manager reads.
package struct LifecycleHooks: Sendable {
    /// Listening and restored: `READY=1` with a status line.
    package var ready: @Sendable (String) -> Void
    /// The status line changed.
    package var status: @Sendable (String) -> Void
    /// A reload began.
    package var reloading: @Sendable () -> Void
    /// A stop began.
    package var stopping: @Sendable (String) -> Void
    /// A ping sent from the event loop at half this interval, when set.
    package var watchdog: Watchdog?
    /// The service manager's fd store, when it keeps one: connections are stored there so
    /// that they survive a restart.
    package var descriptorStore: DescriptorStore?

    /// Puts descriptors in the service manager's store and takes them out.
    package struct DescriptorStore: Sendable {
        /// Keeps a descriptor under a name (`FDSTORE=1` with `FDNAME=`), for the next process to inherit.
        package var store: @Sendable (Int32, String) -> Void
        /// Drops the descriptors stored under a name (`FDSTOREREMOVE=1`), once they are adopted or gone.
        package var remove: @Sendable (String) -> Void
        /// An fd store that calls `store` and `remove`.
        package init(store: @escaping @Sendable (Int32, String) -> Void, remove: @escaping @Sendable (String) -> Void) {
            self.store = store
            self.remove = remove
        }
    }

    /// A keep-alive ping and the interval within which the manager expects it.
    package struct Watchdog: Sendable {
        /// The manager's `WATCHDOG_USEC`; the event loop pings at half of it (windowd(8), systemd).
        package var interval: Duration
        /// Sends `WATCHDOG=1`; called from the event loop itself, so a stuck loop stops the pings.
        package var ping: @Sendable () -> Void
        /// A watchdog that calls `ping` within every `interval`.
        package init(interval: Duration, ping: @escaping @Sendable () -> Void) {
            self.interval = interval
            self.ping = ping
        }
    }

    /// Hooks that tell the manager through these closures; each left out does nothing, as in tests and plain runs.
    package init(
        ready: @escaping @Sendable (String) -> Void = { _ in },
        status: @escaping @Sendable (String) -> Void = { _ in },
        reloading: @escaping @Sendable () -> Void = {},
        stopping: @escaping @Sendable (String) -> Void = { _ in },
        watchdog: Watchdog? = nil,
        descriptorStore: DescriptorStore? = nil
    ) {
        self.descriptorStore = descriptorStore
        self.ready = ready
        self.status = status
        self.reloading = reloading
        self.stopping = stopping
        self.watchdog = watchdog
    }
}

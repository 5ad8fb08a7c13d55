/// The limits the coordinator enforces (windowd(8), Socket and access), from the config.
package struct CoordinatorLimits: Sendable, Equatable {
    /// Windows in the registry.
    package var maxWindows: Int
    /// Bytes of scene storage per window.
    package var maxStorageBytes: Int
    /// Seconds a session lasts after sign-in.
    package var sessionTTL: Double
    /// Seconds a lower aggregate phase must hold before it is announced (`app.phase_settle_ms`).
    package var phaseSettle: Double
    /// Seconds a launched presenter is waited for before an open starts it again (`app.launch_timeout_ms`).
    package var launchTimeout: Double
    /// Launches the daemon runs at once (a group's `launch`); more fail with `too_many_launches`.
    package var maxLaunchesInFlight: Int

    /// The launches the daemon has in flight at most, per app (windowd.toml(5), `launch`).
    package static let launchesInFlight = 16

    /// Limits with windowd.toml(5)'s defaults for any not given.
    package init(
        maxWindows: Int = 100_000,
        maxStorageBytes: Int = 65_536,
        sessionTTL: Double = 43_200,
        phaseSettle: Double = 0.15,
        launchTimeout: Double = 30,
        maxLaunchesInFlight: Int = launchesInFlight
    ) {
        self.maxWindows = maxWindows
        self.maxStorageBytes = maxStorageBytes
        self.sessionTTL = sessionTTL
        self.phaseSettle = phaseSettle
        self.launchTimeout = launchTimeout
        self.maxLaunchesInFlight = maxLaunchesInFlight
    }
}

/// The limits the coordinator enforces (SPEC section 7), from the config.
public struct CoordinatorLimits: Sendable, Equatable {
    /// Windows in the registry.
    public var maxWindows: Int
    /// Bytes of scene storage per window.
    public var maxStorageBytes: Int
    /// Seconds a session lasts after sign-in.
    public var sessionTTL: Double
    /// Seconds a lower aggregate phase must hold before it is announced (`app.phase_settle_ms`).
    public var phaseSettle: Double

    /// Limits with the defaults of SPEC sections 3, 7 and 11 for any not given.
    public init(maxWindows: Int = 100_000, maxStorageBytes: Int = 65_536, sessionTTL: Double = 43_200, phaseSettle: Double = 0.15) {
        self.maxWindows = maxWindows
        self.maxStorageBytes = maxStorageBytes
        self.sessionTTL = sessionTTL
        self.phaseSettle = phaseSettle
    }
}

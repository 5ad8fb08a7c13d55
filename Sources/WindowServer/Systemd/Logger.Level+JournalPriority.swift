package import Logging

extension Logger.Level {
    /// The syslog priority (`PRIORITY=`) the journal stores for this level: 2 (crit) to 7 (debug).
    ///
    /// syslog has no level below debug, so `trace` shares 7 with `debug`.
    package var journalPriority: Int {
        switch self {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}

import TestSupport
import WindowClient

extension ProcessTable {
    /// The environment of `pid` once it can be read whole: while a process is between its
    /// pid file and the `exec` that follows, `/proc/PID/environ` can read empty for a moment.
    static func settledEnvironment(of pid: Int32, having key: String? = nil) -> [String: String]? {
        Poll.until {
            guard let environment = environment(of: pid), !environment.isEmpty else { return nil }
            if let key, environment[key] == nil { return nil }
            return environment
        }
    }
}

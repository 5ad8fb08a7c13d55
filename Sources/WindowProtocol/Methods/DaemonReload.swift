/// `daemon.reload`: re-read the config and apply it, as SIGHUP does (connections and windows stay).
///
/// Allowed for the daemon's own uid and root only; others are refused with `forbidden`. A config
/// that does not load is refused with -32603 and its error (file, line, key); the old config stays.
public enum DaemonReload: RPCMethod {
    public static let name = "daemon.reload"
    public typealias Params = NoParams

    public struct Result: Codable, Sendable {
        /// The ids of the window groups now in force, sorted.
        public var groups: [String]
        public init(groups: [String]) { self.groups = groups }
    }
}

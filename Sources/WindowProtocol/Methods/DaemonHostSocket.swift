/// `daemon.hostSocket`: a socket of the daemon's for clients on another host, which
/// `winctl ssh HOST` forwards there; every connection through it is from that host.
///
/// Made or reused, in the daemon's own socket directory; it lives while a connection that asked
/// for it is open. Refused from a connection that is itself from another host.
public enum DaemonHostSocket: RPCMethod {
    public static let name = "daemon.hostSocket"

    public struct Params: Codable, Sendable {
        /// The host, as `ssh` names it: letters, digits, `.`, `_`, `-` and `@`; not `local`.
        public var host: String
        /// Where the terminal of the asking `winctl ssh` is: the outer place of the host's windows.
        public var place: Place?
        public init(host: String, place: Place? = nil) {
            self.host = host
            self.place = place
        }
    }

    public struct Result: Codable, Sendable {
        /// The socket's path on this host.
        public var path: String
        public init(path: String) { self.path = path }
    }
}

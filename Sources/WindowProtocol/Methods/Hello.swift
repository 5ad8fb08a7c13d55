/// `hello`: introduce the client and learn the daemon's version and protocol.
public enum Hello: RPCMethod {
    /// The wire name.
    public static let name = "hello"

    /// Who the client is and which protocol it speaks; both optional.
    public struct Params: Codable, Sendable {
        /// The client's name, e.g. `winctl`.
        public var client: String?
        /// The protocol version the client speaks.
        public var `protocol`: Int?
        /// Params introducing `client`, speaking `protocol`.
        public init(client: String?, protocol: Int?) {
            self.client = client
            self.protocol = `protocol`
        }
    }

    /// The reply: who answers, so a client can check it reached windowd and speaks its protocol.
    public struct Result: Codable, Sendable {
        /// Always `windowd`.
        public var server: String
        /// The daemon's version.
        public var version: String
        /// The protocol version the daemon speaks.
        public var `protocol`: Int
        /// The daemon's process id.
        public var pid: Int32
        /// A `hello` reply as it goes on the wire.
        public init(server: String, version: String, protocol: Int, pid: Int32) {
            self.server = server
            self.version = version
            self.protocol = `protocol`
            self.pid = pid
        }
    }
}

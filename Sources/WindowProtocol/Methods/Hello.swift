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
        /// The app this daemon serves (windowd(8), Apps and instances); `null` on the wire for the default app.
        public var app: String?
        /// A `hello` reply as it goes on the wire.
        public init(server: String, version: String, protocol: Int, pid: Int32, app: String? = nil) {
            self.server = server
            self.version = version
            self.protocol = `protocol`
            self.pid = pid
            self.app = app
        }

        private enum CodingKeys: String, CodingKey {
            case server, version, `protocol`, pid, app
        }

        /// Decodes a reply; one from a windowd older than apps has no `app`, the default app.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            server = try container.decode(String.self, forKey: .server)
            version = try container.decode(String.self, forKey: .version)
            `protocol` = try container.decode(Int.self, forKey: .protocol)
            pid = try container.decode(Int32.self, forKey: .pid)
            app = try container.decodeIfPresent(String.self, forKey: .app)
        }

        /// Writes every member, `app` as `null` for the default app.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(server, forKey: .server)
            try container.encode(version, forKey: .version)
            try container.encode(`protocol`, forKey: .protocol)
            try container.encode(pid, forKey: .pid)
            try container.encode(app, forKey: .app)
        }
    }
}

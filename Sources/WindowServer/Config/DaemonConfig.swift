import WindowCore

/// The whole of `windowd.toml` (SPEC section 11), every key with its default.
public struct DaemonConfig: Sendable, Equatable, Decodable {
    public var daemon = DaemonSection()
    public var state = StateSection()
    public var app = AppSection()
    public var groups: [String: GroupSection] = [:]

    /// `[daemon]`: the socket, the limits and who may connect.
    public struct DaemonSection: Sendable, Equatable, Decodable {
        public var socket = ""
        public var maxMessageBytes = 65_536
        public var maxClients = 1_024
        public var maxOutboundBytes = 1_048_576
        public var maxWindows = 100_000
        public var maxStorageBytes = 65_536
        public var allowedUIDs: [UInt32] = []
        public var allowedGroup = ""

        enum CodingKeys: String, CodingKey {
            case socket
            case maxMessageBytes = "max_message_bytes"
            case maxClients = "max_clients"
            case maxOutboundBytes = "max_outbound_bytes"
            case maxWindows = "max_windows"
            case maxStorageBytes = "max_storage_bytes"
            case allowedUIDs = "allowed_uids"
            case allowedGroup = "allowed_group"
        }

        public init() {}

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            socket = try c.decodeIfPresent(String.self, forKey: .socket) ?? socket
            maxMessageBytes = try c.decodeIfPresent(Int.self, forKey: .maxMessageBytes) ?? maxMessageBytes
            maxClients = try c.decodeIfPresent(Int.self, forKey: .maxClients) ?? maxClients
            maxOutboundBytes = try c.decodeIfPresent(Int.self, forKey: .maxOutboundBytes) ?? maxOutboundBytes
            maxWindows = try c.decodeIfPresent(Int.self, forKey: .maxWindows) ?? maxWindows
            maxStorageBytes = try c.decodeIfPresent(Int.self, forKey: .maxStorageBytes) ?? maxStorageBytes
            allowedUIDs = try c.decodeIfPresent([UInt32].self, forKey: .allowedUIDs) ?? allowedUIDs
            allowedGroup = try c.decodeIfPresent(String.self, forKey: .allowedGroup) ?? allowedGroup
        }
    }

    /// `[state]`: where and how durably state is kept.
    public struct StateSection: Sendable, Equatable, Decodable {
        public var directory = ""
        public var durability = Durability.normal
        public var onDamage = DamagePolicy.moveAside

        /// What to do with a state database that is damaged or from a newer windowd.
        public enum DamagePolicy: String, Sendable, Equatable, Decodable {
            case moveAside = "move-aside"
            case refuse
        }

        /// `normal` survives a killed daemon; `full` fsyncs every commit and survives power loss.
        public enum Durability: String, Sendable, Equatable, Decodable {
            case normal, full
        }

        public init() {}

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            directory = try c.decodeIfPresent(String.self, forKey: .directory) ?? directory
            durability = try c.decodeIfPresent(Durability.self, forKey: .durability) ?? durability
            onDamage = try c.decodeIfPresent(DamagePolicy.self, forKey: .onDamage) ?? onDamage
        }

        enum CodingKeys: String, CodingKey {
            case directory, durability
            case onDamage = "on_damage"
        }
    }

    /// `[app]`: sessions and the loading screen.
    public struct AppSection: Sendable, Equatable, Decodable {
        public var sessionTTLSeconds = 43_200
        public var minimumLoadingMilliseconds = 300
        public var validateCommand: [String] = []

        enum CodingKeys: String, CodingKey {
            case sessionTTLSeconds = "session_ttl_seconds"
            case minimumLoadingMilliseconds = "minimum_loading_ms"
            case validateCommand = "validate_command"
        }

        public init() {}

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            sessionTTLSeconds = try c.decodeIfPresent(Int.self, forKey: .sessionTTLSeconds) ?? sessionTTLSeconds
            minimumLoadingMilliseconds = try c.decodeIfPresent(Int.self, forKey: .minimumLoadingMilliseconds) ?? minimumLoadingMilliseconds
            validateCommand = try c.decodeIfPresent([String].self, forKey: .validateCommand) ?? validateCommand
        }
    }

    /// `[groups.ID]`: one window group.
    public struct GroupSection: Sendable, Equatable, Decodable {
        public var value = ValueType.none
        public var launch: [String] = []
        public var restore = true
        public var requiresAuth = false

        enum CodingKeys: String, CodingKey {
            case value, launch, restore
            case requiresAuth = "requires_auth"
        }

        public init(value: ValueType = .none, launch: [String] = [], restore: Bool = true, requiresAuth: Bool = false) {
            self.value = value
            self.launch = launch
            self.restore = restore
            self.requiresAuth = requiresAuth
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            value = try c.decodeIfPresent(ValueType.self, forKey: .value) ?? value
            launch = try c.decodeIfPresent([String].self, forKey: .launch) ?? launch
            restore = try c.decodeIfPresent(Bool.self, forKey: .restore) ?? restore
            requiresAuth = try c.decodeIfPresent(Bool.self, forKey: .requiresAuth) ?? requiresAuth
        }
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        daemon = try c.decodeIfPresent(DaemonSection.self, forKey: .daemon) ?? daemon
        state = try c.decodeIfPresent(StateSection.self, forKey: .state) ?? state
        app = try c.decodeIfPresent(AppSection.self, forKey: .app) ?? app
        groups = try c.decodeIfPresent([String: GroupSection].self, forKey: .groups) ?? groups
    }

    enum CodingKeys: String, CodingKey { case daemon, state, app, groups }

    /// The window groups, as the core knows them.
    public var windowGroups: [WindowGroup] {
        groups.keys.sorted().map { id in
            let section = groups[id]!
            return WindowGroup(id: id, valueType: section.value, launch: section.launch, restore: section.restore, requiresAuth: section.requiresAuth)
        }
    }

    /// The limits the coordinator enforces.
    public var coordinatorLimits: CoordinatorLimits {
        CoordinatorLimits(maxWindows: daemon.maxWindows, maxStorageBytes: daemon.maxStorageBytes, sessionTTL: Double(app.sessionTTLSeconds))
    }
}

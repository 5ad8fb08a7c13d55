import WindowCore

/// The whole of `windowd.toml` (SPEC section 11), every key with its default.
///
/// ``ConfigLoader`` reads it from TOML (`DaemonConfig+Decoding.swift` says which key is which).
public struct DaemonConfig: Sendable, Equatable {
    public var daemon = DaemonSection()
    public var state = StateSection()
    public var app = AppSection()
    public var groups: [String: GroupSection] = [:]

    /// `[daemon]`: the socket, the limits and who may connect.
    public struct DaemonSection: Sendable, Equatable {
        public var socket = ""
        public var maxMessageBytes = 65_536
        public var maxClients = 1_024
        public var maxOutboundBytes = 1_048_576
        public var maxWindows = 100_000
        public var maxStorageBytes = 65_536
        public var allowedUIDs: [UInt32] = []
        public var allowedGroup = ""

        public init() {}
    }

    /// `[state]`: where and how durably state is kept.
    public struct StateSection: Sendable, Equatable {
        public var directory = ""
        public var durability = Durability.normal
        public var onDamage = DamagePolicy.moveAside

        /// What to do with a state database that is damaged or from a newer windowd.
        public enum DamagePolicy: String, Sendable, Equatable, CaseIterable {
            case moveAside = "move-aside"
            case refuse
        }

        /// `normal` survives a killed daemon; `full` fsyncs every commit and survives power loss.
        public enum Durability: String, Sendable, Equatable, CaseIterable {
            case normal, full
        }

        public init() {}
    }

    /// `[app]`: sessions and the loading screen.
    public struct AppSection: Sendable, Equatable {
        public var sessionTTLSeconds = 43_200
        public var minimumLoadingMilliseconds = 300
        public var validateCommand: [String] = []

        public init() {}
    }

    /// `[groups.ID]`: one window group.
    public struct GroupSection: Sendable, Equatable {
        public var value = ValueType.none
        public var launch: [String] = []
        public var restore = true
        public var requiresAuth = false

        public init(value: ValueType = .none, launch: [String] = [], restore: Bool = true, requiresAuth: Bool = false) {
            self.value = value
            self.launch = launch
            self.restore = restore
            self.requiresAuth = requiresAuth
        }
    }

    public init() {}

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

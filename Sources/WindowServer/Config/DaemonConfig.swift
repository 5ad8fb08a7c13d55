import WindowCore
import WindowProtocol

/// The whole of `windowd.toml` (SPEC section 11), every key with its default.
///
/// ``ConfigLoader`` reads it from TOML (`DaemonConfig+Decoding.swift` says which key is which).
public struct DaemonConfig: Sendable, Equatable {
    /// `[daemon]`.
    public var daemon = DaemonSection()
    /// `[state]`.
    public var state = StateSection()
    /// `[app]`.
    public var app = AppSection()
    /// `[groups.ID]`, by ID.
    public var groups: [String: GroupSection] = [:]
    /// The app this daemon serves (`--app`, SPEC section 12), whose manifest gave `app` and
    /// `groups`; `nil` for the default app. Not a key of the file.
    public var appID: AppID?

    /// `[daemon]`: the socket, the limits and who may connect.
    public struct DaemonSection: Sendable, Equatable {
        /// `socket`: the socket path; empty for the default of SPEC section 7.
        public var socket = ""
        /// `max_message_bytes`: the longest request line.
        public var maxMessageBytes = 65_536
        /// `max_clients`: connections served at once.
        public var maxClients = 1_024
        /// `max_outbound_bytes`: events queued for one client before it is disconnected.
        public var maxOutboundBytes = 1_048_576
        /// `max_windows`: windows open at once.
        public var maxWindows = 100_000
        /// `max_storage_bytes`: scene storage per window.
        public var maxStorageBytes = 65_536
        /// `allowed_uids`: users who may connect besides the daemon's own and root.
        public var allowedUIDs: [UInt32] = []
        /// `allowed_group`: a group whose members may connect; empty for none.
        public var allowedGroup = ""

        /// Every key at its default.
        public init() {}
    }

    /// `[state]`: where and how durably state is kept.
    public struct StateSection: Sendable, Equatable {
        /// `directory`: where state lives; empty for the default of SPEC section 11.
        public var directory = ""
        /// `durability`: `normal` or `full`.
        public var durability = Durability.normal
        /// `on_damage`: `move-aside` or `refuse`.
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

        /// Every key at its default.
        public init() {}
    }

    /// `[app]`: sessions and the loading screen.
    public struct AppSection: Sendable, Equatable {
        /// `session_ttl_seconds`: how long a session lasts.
        public var sessionTTLSeconds = 43_200
        /// `minimum_loading_ms`: the shortest time the app shows `loading`.
        public var minimumLoadingMilliseconds = 300
        /// `phase_settle_ms`: how long a lower aggregate phase must hold before it is announced.
        public var phaseSettleMilliseconds = 150
        /// `validate_command`: the program that checks a restored session; empty for none.
        public var validateCommand: [String] = []

        /// Every key at its default.
        public init() {}
    }

    /// `[groups.ID]`: one window group.
    public struct GroupSection: Sendable, Equatable {
        /// `value`: the type of the value that tells the group's windows apart.
        public var value = ValueType.none
        /// `command`: the argv that presents one window, started at the opener's place; empty for none.
        public var command: [String] = []
        /// `launch`: a whole argv the daemon runs instead, overriding the place; empty for none.
        public var launch: [String] = []
        /// `restore`: whether the group's windows come back after a restart.
        public var restore = true
        /// `requires_auth`: whether the group's windows need an authenticated app.
        public var requiresAuth = false

        /// A group with these settings.
        public init(value: ValueType = .none, command: [String] = [], launch: [String] = [], restore: Bool = true, requiresAuth: Bool = false) {
            self.value = value
            self.command = command
            self.launch = launch
            self.restore = restore
            self.requiresAuth = requiresAuth
        }
    }

    /// Every key at its default, and no group.
    public init() {}

    /// The window groups, as the core knows them.
    public var windowGroups: [WindowGroup] {
        groups.keys.sorted().map { id in
            let section = groups[id]!
            return WindowGroup(id: id, valueType: section.value, command: section.command, launch: section.launch, restore: section.restore, requiresAuth: section.requiresAuth)
        }
    }

    /// The limits the coordinator enforces.
    public var coordinatorLimits: CoordinatorLimits {
        CoordinatorLimits(maxWindows: daemon.maxWindows, maxStorageBytes: daemon.maxStorageBytes, sessionTTL: Double(app.sessionTTLSeconds),
                          phaseSettle: Double(app.phaseSettleMilliseconds) / 1_000)
    }
}

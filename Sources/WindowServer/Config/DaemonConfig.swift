package import WindowEngine
package import WindowProtocol

/// The whole of `windowd.toml` (windowd.toml(5)), every key with its default.
///
/// ``ConfigLoader`` reads it from TOML (`DaemonConfig+Decoding.swift` says which key is which).
package struct DaemonConfig: Sendable, Equatable {
    /// `[daemon]`.
    package var daemon = DaemonSection()
    /// `[state]`.
    package var state = StateSection()
    /// `[app]`.
    package var app = AppSection()
    /// `[groups.ID]`, by ID.
    package var groups: [String: GroupSection] = [:]
    /// The app this daemon serves (`--app`, windowd(8), Apps and instances), whose manifest gave `app` and
    /// `groups`; `nil` for the default app. Not a key of the file.
    package var appID: AppID?

    /// `[daemon]`: the socket, the limits and who may connect.
    package struct DaemonSection: Sendable, Equatable {
        /// `socket`: the socket path; empty for the default of windowd(8), Socket and access.
        package var socket = ""
        /// `max_message_bytes`: the longest request line.
        package var maxMessageBytes = 65_536
        /// `max_clients`: connections served at once.
        package var maxClients = 1_024
        /// `outbound_soft_bytes`: unsent events one client may have for `outbound_soft_seconds`.
        package var outboundSoftBytes = 8_388_608
        /// `outbound_soft_seconds`: how long a client may stay over `outbound_soft_bytes`.
        package var outboundSoftSeconds = 60
        /// `outbound_hard_bytes`: unsent events one client may never pass.
        package var outboundHardBytes = 33_554_432
        /// `max_windows`: windows open at once.
        package var maxWindows = 100_000
        /// `max_storage_bytes`: scene storage per window.
        package var maxStorageBytes = 65_536
        /// `allowed_uids`: users who may connect besides the daemon's own and root.
        package var allowedUIDs: [UInt32] = []
        /// `allowed_group`: a group whose members may connect; empty for none.
        package var allowedGroup = ""
    }

    /// `[state]`: where and how durably state is kept.
    package struct StateSection: Sendable, Equatable {
        /// `directory`: where state lives; empty for the default of windowd.toml(5).
        package var directory = ""
        /// `durability`: `normal` or `full`.
        package var durability = Durability.normal
        /// `on_damage`: `move-aside` or `refuse`.
        package var onDamage = DamagePolicy.moveAside

        /// What to do with a state database that is damaged or from a newer windowd.
        package enum DamagePolicy: String, Sendable, Equatable, CaseIterable {
            case moveAside = "move-aside"
            case refuse
        }

        /// `normal` survives a killed daemon; `full` fsyncs every commit and survives power loss.
        package enum Durability: String, Sendable, Equatable, CaseIterable {
            case normal, full
        }
    }

    /// `[app]`: sessions and the loading screen.
    package struct AppSection: Sendable, Equatable {
        /// `session_ttl_seconds`: how long a session lasts.
        package var sessionTTLSeconds = 43_200
        /// `minimum_loading_ms`: the shortest time the app shows `loading`.
        package var minimumLoadingMilliseconds = 300
        /// `phase_settle_ms`: how long a lower aggregate phase must hold before it is announced.
        package var phaseSettleMilliseconds = 150
        /// `launch_timeout_ms`: how long a started presenter is waited for before an open starts it again.
        package var launchTimeoutMilliseconds = 30_000
        /// `validate_command`: the program that checks a restored session; empty for none.
        package var validateCommand: [String] = []
    }

    /// `[groups.ID]`: one window group.
    package struct GroupSection: Sendable, Equatable {
        /// `value`: the type of the value that tells the group's windows apart.
        package var value = ValueType.none
        /// `command`: the argv that presents one window, started at the opener's place; empty for none.
        package var command: [String] = []
        /// `run`: any program, presented by `winctl run` at the opener's place; empty for none
        /// (never set together with `command`).
        package var run: [String] = []
        /// `launch`: a whole argv the daemon runs instead, overriding the place; empty for none.
        package var launch: [String] = []
        /// `restore`: whether the group's windows come back after a restart.
        package var restore = true
        /// `requires_auth`: whether the group's windows need an authenticated app.
        package var requiresAuth = false
        /// `relaunch`: when the group's windows come back by themselves.
        package var relaunch = Relaunch.onOpen
        /// `wraps` and `options_with_argument`: the command `winctl init` wraps; `nil` for none.
        package var wraps: DaemonGroups.Wrapping?
        /// `requests`: argument patterns to the keys typed into the `run` program; `nil` for none.
        package var requests: [String: String]?
        /// `quit_keys` and `quit_wait_ms`: how the `run` program is asked to quit; `nil` for not at all.
        package var quit: DaemonGroups.Quitting?
        /// `hosts`: the hosts whose clients may open its windows (`local` for this one); `nil` for any.
        package var hosts: [String]?
    }

    /// The window groups, as the core knows them.
    package var windowGroups: [WindowGroup] {
        groups.keys.sorted().map { id in
            let section = groups[id]!
            return WindowGroup(
                id: id,
                valueType: section.value,
                command: section.command,
                run: section.run,
                winctl: WinctlProgram.path,
                launch: section.launch,
                restore: section.restore,
                requiresAuth: section.requiresAuth,
                relaunch: section.relaunch,
                wraps: section.wraps,
                requests: section.requests,
                quit: section.quit,
                hosts: section.hosts
            )
        }
    }

    /// The limits the coordinator enforces.
    package var coordinatorLimits: CoordinatorLimits {
        CoordinatorLimits(
            maxWindows: daemon.maxWindows,
            maxStorageBytes: daemon.maxStorageBytes,
            sessionTTL: Double(app.sessionTTLSeconds),
            phaseSettle: Double(app.phaseSettleMilliseconds) / 1_000,
            launchTimeout: Double(app.launchTimeoutMilliseconds) / 1_000
        )
    }
}

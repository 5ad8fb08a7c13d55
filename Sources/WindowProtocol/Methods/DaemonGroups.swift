/// `daemon.groups`: the window groups of the config in force, with their value types and flags.
public enum DaemonGroups: RPCMethod {
    public static let name = "daemon.groups"
    public typealias Params = NoParams

    public struct Result: Codable, Sendable {
        /// The groups, by id.
        public var groups: [Group]
        public init(groups: [Group]) { self.groups = groups }
    }

    /// One `[groups.ID]` table as the daemon applies it.
    public struct Group: Codable, Sendable, Equatable {
        /// The group's id, e.g. `detail`.
        public var id: String
        /// The type of its windows' values: `none`, `int`, `string`, `uuid` or `path`.
        public var valueType: String
        /// The argv that presents one window, started at the opener's place (`{id}` and `{value}` substituted); empty for none.
        /// For a group that declares `run`, the `winctl run` command that runs it.
        public var command: [String]
        /// The program that a window runs under `winctl run`, as the group declares it (`run`); empty for none.
        public var run: [String]
        /// The argv the daemon itself starts for a window instead, overriding the place; empty for none.
        public var launch: [String]
        /// Whether its windows are restored after a restart.
        public var restore: Bool
        /// Whether its windows need a signed-in user.
        public var requiresAuth: Bool
        /// How many of its windows are open now.
        public var windows: Int
        /// The command whose shell function `winctl init` defines for the group; absent for none.
        public var wraps: Wrapping?
        /// How its `run` program takes an open's request: argument patterns to keys
        /// (``RequestKeys``); absent for none.
        public var requests: [String: String]?
        /// How its `run` program is asked to quit: keys typed into it, and how long to wait; absent for none.
        public var quit: Quitting?
        public init(
            id: String,
            valueType: String,
            command: [String] = [],
            run: [String] = [],
            launch: [String],
            restore: Bool,
            requiresAuth: Bool,
            windows: Int,
            wraps: Wrapping? = nil,
            requests: [String: String]? = nil,
            quit: Quitting? = nil
        ) {
            self.id = id
            self.valueType = valueType
            self.command = command
            self.run = run
            self.launch = launch
            self.restore = restore
            self.requiresAuth = requiresAuth
            self.windows = windows
            self.wraps = wraps
            self.requests = requests
            self.quit = quit
        }

        private enum CodingKeys: String, CodingKey {
            case id, valueType, command, run, launch, restore, requiresAuth, windows, wraps, requests, quit
        }

        /// Decodes a group; what an older windowd does not send is empty: `command` (before
        /// 0.2.0) and `run`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            valueType = try container.decode(String.self, forKey: .valueType)
            command = try container.decodeIfPresent([String].self, forKey: .command) ?? []
            run = try container.decodeIfPresent([String].self, forKey: .run) ?? []
            launch = try container.decode([String].self, forKey: .launch)
            restore = try container.decode(Bool.self, forKey: .restore)
            requiresAuth = try container.decode(Bool.self, forKey: .requiresAuth)
            windows = try container.decode(Int.self, forKey: .windows)
            wraps = try container.decodeIfPresent(Wrapping.self, forKey: .wraps)
            requests = try container.decodeIfPresent([String: String].self, forKey: .requests)
            quit = try container.decodeIfPresent(Quitting.self, forKey: .quit)
        }
    }

    /// How a `run` group's program is asked to quit (`quit_keys`, `quit_wait_ms` in windowd.toml(5)).
    public struct Quitting: Codable, Sendable, Equatable {
        /// The keys its presenter types into it (``RequestKeys/keys(_:captured:)``), e.g. `<Esc>:qa<CR>`.
        public var keys: String
        /// How long `winctl close` waits for it to end.
        public var waitMs: Int
        /// `keys`, waited for `waitMs`.
        public init(keys: String, waitMs: Int = 3_000) {
            self.keys = keys
            self.waitMs = waitMs
        }
    }

    /// A command a group's shell function wraps (`wraps` and `options_with_argument` in
    /// windowd.toml(5)): `vim` of `vim notes.md` runs as the group's window of the file.
    public struct Wrapping: Codable, Sendable, Equatable {
        /// The command, e.g. `vim`: the shell function's name and the program it runs.
        public var command: String
        /// Its options that take the next argument (`-c`, `--cmd`), which is then not the file.
        public var optionsWithArgument: [String]
        /// `command`, whose `optionsWithArgument` take an argument.
        public init(command: String, optionsWithArgument: [String] = []) {
            self.command = command
            self.optionsWithArgument = optionsWithArgument
        }
    }
}

import WindowEngine
import WindowProtocol

/// `windowd.toml`'s keys: each read with its type and checked, every other key refused.
extension DaemonConfig {
    /// The config `document` describes; a key not written keeps its default.
    init(decoding root: ConfigTable) throws(ConfigError) {
        self.init()
        try root.rejectUnknownKeys(
            ["daemon", "state", "app", "groups"],
            otherwise: "the config has the tables [daemon], [state], [app] and [groups.NAME]"
        )
        if let section = try root.table("daemon") { daemon = try DaemonSection(decoding: section) }
        if let section = try root.table("state") { state = try StateSection(decoding: section) }
        if let section = try root.table("app") { app = try AppSection(decoding: section) }
        groups = try Self.groups(decoding: root)
    }

    /// The `[groups.NAME]` tables of `root` (windowd.toml or an app's manifest): at least one.
    static func groups(decoding root: ConfigTable) throws(ConfigError) -> [String: GroupSection] {
        var groups: [String: GroupSection] = [:]
        if let section = try root.table("groups", written: "[groups.NAME] tables") {
            for id in section.keys {
                guard let group = try section.table(id) else { continue }
                guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                    throw section.error(
                        id,
                        "is not a valid group id: a group id uses letters, digits, '-' and '_' only"
                    )
                }
                groups[id] = try GroupSection(decoding: group)
            }
        }
        if groups.isEmpty {
            throw ConfigError(
                file: root.file,
                line: nil,
                key: "groups",
                message: "groups: no window group is declared; add at least one [groups.NAME] table, e.g. [groups.main]"
            )
        }
        return groups
    }
}

extension DaemonConfig.DaemonSection {
    init(decoding table: ConfigTable) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys([
            "socket", "max_message_bytes", "max_clients", "outbound_soft_bytes", "outbound_soft_seconds",
            "outbound_hard_bytes", "max_outbound_bytes", "outbound_stall_ms",
            "max_windows", "max_storage_bytes", "allowed_uids", "allowed_group",
        ])
        socket = try table.string("socket") ?? socket
        maxMessageBytes =
            try table.integer("max_message_bytes", of: "bytes") { value in
                value <= 0
                    ? Self.positive(value)
                    : value < 1_024 ? "must be at least 1024 so that requests fit, not \(value)" : nil
            } ?? maxMessageBytes
        maxClients = try table.integer("max_clients", check: Self.positive) ?? maxClients
        outboundSoftBytes =
            try table.integer("outbound_soft_bytes", of: "bytes", check: Self.positive) ?? outboundSoftBytes
        outboundSoftSeconds =
            try table.integer("outbound_soft_seconds", of: "seconds") { value in
                value < 0 ? "must be 0 or more, not \(value)" : nil
            } ?? outboundSoftSeconds
        // The keys of the flow control that held writers: its queue limit is the hard limit now, and
        // the stall it bounded no longer exists (windowd.toml(5)), so a config written for it starts.
        _ = try table.integer("outbound_stall_ms", of: "milliseconds")
        let earlierHardBytes = try table.integer("max_outbound_bytes", of: "bytes", check: Self.positive)
        outboundHardBytes =
            try table.integer("outbound_hard_bytes", of: "bytes", check: Self.positive) ?? earlierHardBytes
            ?? outboundHardBytes
        maxWindows = try table.integer("max_windows", check: Self.positive) ?? maxWindows
        maxStorageBytes = try table.integer("max_storage_bytes", of: "bytes", check: Self.positive) ?? maxStorageBytes
        allowedUIDs = try table.userIDs("allowed_uids") ?? allowedUIDs
        allowedGroup = try table.string("allowed_group", check: SystemGroup.problem(with:)) ?? allowedGroup
    }

    /// A limit must allow something.
    static func positive(_ value: Int) -> String? {
        value > 0 ? nil : "must be greater than 0, not \(value)"
    }
}

extension DaemonConfig.StateSection {
    init(decoding table: ConfigTable) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(["directory", "durability", "on_damage"])
        directory = try table.string("directory") ?? directory
        durability = try table.choice("durability") ?? durability
        onDamage = try table.choice("on_damage") ?? onDamage
    }
}

extension DaemonConfig.AppSection {
    init(decoding table: ConfigTable) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys([
            "session_ttl_seconds", "minimum_loading_ms", "phase_settle_ms", "launch_timeout_ms", "validate_command",
        ])
        sessionTTLSeconds =
            try table.integer("session_ttl_seconds", of: "seconds", check: DaemonConfig.DaemonSection.positive)
            ?? sessionTTLSeconds
        minimumLoadingMilliseconds =
            try table.integer("minimum_loading_ms", of: "milliseconds") { value in
                value < 0 ? "must not be negative, not \(value)" : nil
            } ?? minimumLoadingMilliseconds
        phaseSettleMilliseconds =
            try table.integer("phase_settle_ms", of: "milliseconds") { value in
                value < 0
                    ? "must not be negative, not \(value)"
                    : value > 60_000 ? "must be at most 60000 (a minute), not \(value)" : nil
            } ?? phaseSettleMilliseconds
        launchTimeoutMilliseconds =
            try table.integer("launch_timeout_ms", of: "milliseconds") { value in
                value < 1
                    ? "must be at least 1, not \(value)"
                    : value > 3_600_000 ? "must be at most 3600000 (an hour), not \(value)" : nil
            } ?? launchTimeoutMilliseconds
        validateCommand = try table.strings("validate_command") ?? validateCommand
    }
}

extension DaemonConfig.GroupSection {
    /// Why `name` cannot be a shell function's name (letters, digits, `_`, `.`, `+`, `-`, not
    /// starting with `-`), or `nil`.
    static func functionName(_ name: String) -> String? {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.+-".unicodeScalars.contains($0))
        }
        return allowed && !name.isEmpty && !name.hasPrefix("-")
            ? nil : "must be a command name (letters, digits, _ . + -), not \(JSONValue.string(name).jsonText)"
    }

    /// `requests = { PATTERN = "KEYS", … }` of a `run` group, each entry checked (``RequestKeys``).
    static func requests(in table: ConfigTable, run: [String]) throws(ConfigError) -> [String: String]? {
        guard let requests = try table.table("requests", written: #"requests = { "+{n}" = "KEYS" }"#) else {
            return nil
        }
        guard !run.isEmpty else {
            throw table.error(
                "requests",
                "goes with run = [...]: the keys are typed into the program winctl run runs"
            )
        }
        var keys: [String: String] = [:]
        for pattern in requests.keys {
            keys[pattern] = try requests.string(pattern) { RequestKeys.problem(pattern: pattern, keys: $0) }
        }
        return keys
    }

    /// `quit_keys = "KEYS"` (and `quit_wait_ms`) of a `run` group.
    static func quitting(in table: ConfigTable, run: [String]) throws(ConfigError) -> DaemonGroups.Quitting? {
        let keys = try table.string("quit_keys") {
            RequestKeys.problem(keys: $0)
                ?? (run.isEmpty ? "goes with run = [...]: the keys are typed into the program winctl run runs" : nil)
        }
        let wait = try table.integer("quit_wait_ms", of: "milliseconds") { value in
            value < 1 || value > 600_000 ? "must be from 1 to 600000 (ten minutes), not \(value)" : nil
        }
        guard let keys else {
            guard wait == nil else {
                throw table.error(
                    "quit_wait_ms",
                    "goes with quit_keys = \"KEYS\": how long winctl close waits for the program to quit"
                )
            }
            return nil
        }
        return DaemonGroups.Quitting(keys: keys, waitMs: wait ?? 3_000)
    }

    init(decoding table: ConfigTable) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys([
            "value", "command", "run", "launch", "restore", "requires_auth", "wraps", "options_with_argument",
            "requests", "quit_keys", "quit_wait_ms", "relaunch", "hosts",
        ])
        hosts = try table.strings("hosts")
        value = try table.choice("value") ?? value
        command = try table.strings("command") ?? command
        run = try table.strings("run") ?? run
        launch = try table.strings("launch") ?? launch
        if !command.isEmpty, !run.isEmpty {
            throw table.error(
                "run",
                "cannot be set together with \(table.key("command")): run = [...] starts the program under "
                    + "winctl run, command = [...] starts a presenter of its own; keep one of them"
            )
        }
        for (key, argv) in [("command", command), ("run", run), ("launch", launch)] {
            if let first = argv.first, first.isEmpty {
                throw table.error(
                    key,
                    "must start with the program to run; its first element is empty"
                )
            }
        }
        restore = try table.boolean("restore") ?? restore
        requiresAuth = try table.boolean("requires_auth") ?? requiresAuth
        requests = try Self.requests(in: table, run: run)
        quit = try Self.quitting(in: table, run: run)
        relaunch = try table.choice("relaunch") ?? relaunch
        let options = try table.strings("options_with_argument")
        // A shell function's name: what bash, zsh and fish all take.
        if let command = try table.string("wraps", check: Self.functionName) {
            wraps = DaemonGroups.Wrapping(command: command, optionsWithArgument: options ?? [])
        } else if options != nil {
            throw table.error(
                "options_with_argument",
                "goes with wraps = \"COMMAND\": the options of the command the group wraps"
            )
        }
    }
}

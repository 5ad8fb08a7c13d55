package import WindowProtocol

/// A window group declared in the config, like SwiftUI's `WindowGroup(id:for:)`.
package struct WindowGroup: Sendable, Equatable {
    /// The group's id, e.g. `detail`.
    package var id: String
    /// The type of its windows' values.
    package var valueType: ValueType
    /// The argv that presents one window, started at the opener's place (winctl(1), Attached terminals);
    /// `{id}` and `{value}` are substituted. Empty when the group has none. For a group that
    /// declares `run`, `winctl run` of it (``presentedByRun(_:winctl:group:valueType:)``).
    package var command: [String]
    /// The program a `run` group's window runs (`["vim", "{value}"]`), presented by `winctl run`;
    /// empty when the group declares `command` (or nothing) instead.
    package var run: [String]
    /// A whole argv the daemon itself starts for a window instead (an override of the place's
    /// choice); `{id}` and `{value}` are substituted. Empty when the group has none.
    package var launch: [String]
    /// Whether its windows are restored after a restart.
    package var restore: Bool
    /// Whether its windows need a signed-in user.
    package var requiresAuth: Bool
    /// When its windows come back by themselves (windowd.toml(5), `relaunch`).
    package var relaunch: Relaunch
    /// The command whose shell function runs as this group's windows; `nil` for none.
    package var wraps: DaemonGroups.Wrapping?
    /// How its `run` program takes an open's request (``RequestKeys``); `nil` for not at all.
    package var requests: [String: String]?
    /// How its `run` program is asked to quit; `nil` for not at all (a close hangs it up).
    package var quit: DaemonGroups.Quitting?
    /// The hosts whose clients may open and present its windows (`local` for this one); `nil` for any.
    package var hosts: [String]?

    /// A group as the config declares it; by default restored, with no launch command and no sign-in needed.
    /// A group that declares `run` is presented by `winctl` (a path, or a name found on the
    /// launched command's `PATH`) running it.
    package init(
        id: String,
        valueType: ValueType,
        command: [String] = [],
        run: [String] = [],
        winctl: String = "winctl",
        launch: [String] = [],
        restore: Bool = true,
        requiresAuth: Bool = false,
        relaunch: Relaunch = .onOpen,
        wraps: DaemonGroups.Wrapping? = nil,
        requests: [String: String]? = nil,
        quit: DaemonGroups.Quitting? = nil,
        hosts: [String]? = nil
    ) {
        self.id = id
        self.valueType = valueType
        self.run = run
        self.command = run.isEmpty ? command : Self.presentedByRun(run, winctl: winctl, group: id, valueType: valueType)
        self.launch = launch
        self.restore = restore
        self.requiresAuth = requiresAuth
        self.relaunch = relaunch
        self.wraps = wraps
        self.requests = requests
        self.quit = quit
        self.hosts = hosts
    }

    /// Refuses a client on `host` (`nil`: this one) that `hosts` does not name.
    package func admit(host: String?) throws(Refusal) {
        guard let hosts, !hosts.contains(host ?? "local") else { return }
        throw .refused(
            .forbidden,
            "window group '\(id)' is not opened from \(host ?? "local") (hosts = [\(hosts.map { "\"\($0)\"" }.joined(separator: ", "))])"
        )
    }

    /// The arguments of `request` its presenter cannot pass on: for a `run` group, those its
    /// `requests` has no pattern for; an app of its own (no `run`) takes them all.
    package func notPassedOn(_ request: [String]?) -> [String] {
        guard let request, !run.isEmpty else { return [] }
        return RequestKeys.apply(request, requests ?? [:]).notPassedOn
    }

    /// Whether an open starts a presenter for the group's windows (a `command` or a `launch`).
    package var startsPresenters: Bool { !command.isEmpty || !launch.isEmpty }

    /// The launch argv for the window `id` with `value`, substituted; empty when the group has none.
    package func launchArguments(id: WindowID, value: WindowValue) -> [String] {
        Self.substitute(launch, id: id, value: value.text)
    }

    /// The command argv for the window `id` with `value`, substituted; empty when the group has none.
    /// It starts where the opener is, so `{value}` is a path as that host names it.
    package func commandArguments(id: WindowID, value: WindowValue) -> [String] {
        Self.substitute(command, id: id, value: value.textOnItsHost)
    }

    /// The command that presents a window of a `run` group: `winctl run GROUP --value=VALUE -- PROGRAM …`
    /// (no value for a `none` group), which presents the window and runs the program in the new
    /// terminal window (winctl(1), "run"). `{id}` and `{value}` are substituted later, in the
    /// program's arguments as in `--value=`, whose argument no value can turn into an option.
    package static func presentedByRun(_ run: [String], winctl: String, group: String, valueType: ValueType) -> [String]
    {
        [winctl, "run", group] + (valueType == .none ? [] : ["--value={value}"]) + ["--"] + run
    }

    private static func substitute(_ arguments: [String], id: WindowID, value: String) -> [String] {
        arguments.map { argument in
            argument
                .replacing("{id}", with: id.rawValue)
                .replacing("{value}", with: value)
        }
    }
}

/// The type of a group's window values.
package enum ValueType: String, Sendable, CaseIterable, Codable {
    /// The `value` names of the config: `none` allows one window per group, the others one per value.
    /// `path` takes absolute file paths, which clients make absolute against their working directory.
    case none, int, string, uuid, path
}

/// When a group's windows come back by themselves, as SwiftUI's `restorationBehavior`.
package enum Relaunch: String, Sendable, CaseIterable {
    /// At the next open of the value (and by `winctl restore`).
    case onOpen = "on-open"
    /// Also by `winctl restore --at-login`, at the start of a graphical session or a tmux server.
    case atLogin = "at-login"
}

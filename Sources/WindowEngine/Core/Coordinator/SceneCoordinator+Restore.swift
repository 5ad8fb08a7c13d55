import WindowProtocol

extension SceneCoordinator {
    /// The windows `window.restore` looks at, in the order they come back: detached, of a group
    /// that starts presenters and is restored (of `groupIDs`, every group when empty; with `atLogin`, only
    /// `relaunch = "at-login"` ones) and that the app state allows; the least recently active
    /// first, never active before that, so that the most recent ends in front. Only the windows
    /// of `host` (`nil`: this one), whose presenters start where the restore is asked.
    package func restorable(groups groupIDs: [String], atLogin: Bool, host: String? = nil) -> [Window] {
        registry.list().filter { window in
            guard window.presenter == nil, window.value.host == host, let group = groups[window.group],
                group.startsPresenters, group.restore
            else { return false }
            return (groupIDs.isEmpty || groupIDs.contains(group.id)) && (!atLogin || group.relaunch == .atLogin)
                && (!group.requiresAuth || state.isAuthenticated)
        }
        .sorted { ($0.lastActiveAt ?? "", $0.order) < ($1.lastActiveAt ?? "", $1.order) }
    }

    /// Starts the presenter of every ``restorable(groups:atLogin:host:)`` window whose presenter is
    /// gone (`probe`), as an open of its value does (`relaunched`, with the command for the
    /// client to start at the window's last place); one still stopped or running is left alone
    /// (`stopped`, `reattaching`), one already started is waited for (`launching`), and with
    /// `dryRun`, or past the launch bound, nothing is started (`detached`).
    package mutating func restore(
        groups groupIDs: [String],
        atLogin: Bool,
        dryRun: Bool,
        host: String? = nil,
        now: Double,
        effects: inout [Effect],
        probe: PresenterProcess.Probe = { _ in .gone }
    ) throws(Refusal) -> [OpenResult] {
        for id in groupIDs { _ = try group(id) }
        _ = launches.expire(at: now)
        return restorable(groups: groupIDs, atLogin: atLogin, host: host).map { window in
            switch window.process.map(probe) {
            case .stopped?: return OpenResult(window: window, outcome: .stopped)
            case .running?: return OpenResult(window: window, outcome: .reattaching)
            case .gone?, nil: break
            }
            if launches.isInFlight(window.id) { return OpenResult(window: window, outcome: .launching) }
            guard !dryRun, launches.count < limits.maxLaunchesInFlight, let group = groups[window.group],
                let command = start(window, of: group, now: now, effects: &effects)
            else { return OpenResult(window: window, outcome: .detached) }
            return OpenResult(window: window, outcome: .relaunched, command: command)
        }
    }
}

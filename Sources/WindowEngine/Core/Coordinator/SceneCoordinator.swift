package import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The daemon's one app-state controller: the app state machine, the window registry,
/// the aggregate phase and the session, changed only through its operations.
///
/// Pure: every operation takes the time it needs as an argument, changes the value,
/// and appends what the world must do to `effects`. The server executes them.
package struct SceneCoordinator: Sendable {
    /// The configured window groups by id.
    package private(set) var groups: [String: WindowGroup]
    /// The limits in force.
    package private(set) var limits: CoordinatorLimits
    /// The app state machine.
    package internal(set) var appState = AppStateMachine()
    /// The windows.
    package internal(set) var registry = WindowRegistry()
    /// The signed-in session, while `authenticated`.
    package internal(set) var session: Session?
    /// The aggregate as announced: up at once, down once it has held (windowd-protocol(7), scene.setPhase).
    package internal(set) var phaseSettle: PhaseSettle
    /// The presenters started and waited for.
    package internal(set) var launches = LaunchesInFlight()
    /// Windows closed by a sign-out since the last sign-in: a presenter re-attaching to one by
    /// id is told `unauthenticated` (it was signed out), not `unknown_window`.
    var signedOut: Set<WindowID> = []

    /// A controller in `loading` with no windows, for `groups` (the last of a repeated id wins).
    package init(groups: [WindowGroup], limits: CoordinatorLimits) {
        self.groups = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        self.limits = limits
        phaseSettle = PhaseSettle(seconds: limits.phaseSettle)
    }

    /// The current app state.
    @inlinable
    package var state: AppState { appState.state }

    /// The aggregate phase as announced (`registry.aggregate` is the windows' own, at once).
    package var aggregate: ScenePhase { phaseSettle.announced }

    // MARK: - Lookup

    /// The window with id `text`, or `unknown_window`.
    package func window(_ text: String) throws(Refusal) -> Window {
        guard let id = WindowID(text), let window = registry.windows[id] else {
            throw .refused(.unknownWindow, "no window with id '\(text)' (winctl list shows the windows)")
        }
        return window
    }

    /// The window of `group` for `value`, if one is open (`nil` also when the value does not parse).
    package func existingWindow(group: String, value: JSONValue?, host: String? = nil) -> Window? {
        guard let group = groups[group],
            let typed = try? WindowValue.parse(value, as: group.valueType, group: group.id, host: host)
        else { return nil }
        return registry.window(group: group.id, value: typed)
    }

    /// The group `id`, or `unknown_group`.
    package func group(_ id: String) throws(Refusal) -> WindowGroup {
        guard let group = groups[id] else {
            let known = groups.keys.sorted().joined(separator: ", ")
            throw .refused(.unknownGroup, "unknown window group '\(id)' (configured: \(known))")
        }
        return group
    }

    // MARK: - Windows

    /// `openWindow(id:value:)`: the existing window of that value is brought to front when it has
    /// a presenter, unless `probe` says its process is stopped (`stopped`, nothing sent or started); when
    /// it has none, its launch in flight is waited for (`launching`), or its group's presenter
    /// is started again (`relaunched`), or, with nothing to start, it is left as it is
    /// (`detached`). A window whose presenter windowd has not seen since it restarted starts
    /// nothing while `probe` says that process is not gone: `stopped`, or `reattaching`.
    /// Else a new window is registered and started.
    ///
    /// Starting is the group's `launch` override, run by the daemon (an effect, at most
    /// `maxLaunchesInFlight` at once), or else its `command`, returned for the opener to start at
    /// its place; either is in flight (``LaunchesInFlight``) until its presenter attaches, its
    /// process ends, or `launchTimeout` passes. `launch: false` (an attach by value) starts
    /// nothing. A new window's id is the next of `ids`. A `path` group takes `path`, the opener's
    /// absolute form of a string value, when it is given (windowd-protocol(7), window.open).
    /// `request` goes to its presenter with `window.focus`; ``pass(_:to:)`` keeps it for one started.
    /// An opener on another `host` is refused unless the group admits it, and its path is that host's.
    package mutating func open(
        group groupID: String,
        value: JSONValue?,
        path: String? = nil,
        request: [String]? = nil,
        host: String? = nil,
        now: Double,
        launch: Bool = true,
        ids: inout WindowIDSource,
        effects: inout [Effect],
        probe: PresenterProcess.Probe = { _ in .gone }
    ) throws(Refusal) -> OpenResult {
        let group = try group(groupID)
        try requireAuthentication(for: group)
        try group.admit(host: host)
        let given = group.valueType == .path ? path.map(JSONValue.string) ?? value : value
        let typed = try WindowValue.parse(given, as: group.valueType, group: group.id, host: host)
        // Whether a launch is still waited for is a matter of time too, whenever the timer fires.
        _ = launches.expire(at: now)
        if let existing = registry.window(group: group.id, value: typed) {
            // Its presenter cannot come to front, and must not be started twice.
            switch existing.process.map(probe) {
            case .stopped?: return OpenResult(window: existing, outcome: .stopped)
            case .running? where existing.presenter == nil: return OpenResult(window: existing, outcome: .reattaching)
            default: break
            }
            if existing.presenter != nil || !launch {
                effects.append(.event(.windowFocus(existing.info, presenter: existing.presenter, request: request)))
                return OpenResult(window: existing, outcome: .focused)
            }
            // A presenter started and not yet come (a double click, a slow start) is waited
            // for, never started twice.
            if launches.isInFlight(existing.id) { return OpenResult(window: existing, outcome: .launching) }
            guard group.startsPresenters else {
                effects.append(.event(.windowFocus(existing.info, presenter: nil)))
                return OpenResult(window: existing, outcome: .detached)
            }
            guard let command = start(existing, of: group, now: now, effects: &effects) else {
                return OpenResult(window: existing, outcome: .detached)
            }
            return OpenResult(window: existing, outcome: .relaunched, command: command)
        }
        guard registry.count < limits.maxWindows else {
            throw .refused(
                .limitExceeded,
                "window limit of \(limits.maxWindows) reached: close windows or raise max_windows"
            )
        }
        let window = Window(
            id: ids.next(),
            group: group.id,
            value: typed,
            createdAt: Date(timeIntervalSince1970: now).ISO8601Format(),
            order: registry.takeNextOrder()
        )
        registry.insert(window)
        effects.append(.persist(.windowCreated(window.stored)))
        effects.append(.event(.windowOpened(window.info)))
        guard launch, group.startsPresenters else { return OpenResult(window: window, outcome: .created) }
        return OpenResult(
            window: window,
            outcome: .created,
            command: start(window, of: group, now: now, effects: &effects) ?? []
        )
    }

    /// Keeps `request` for the presenter `opened` started, if any (its attach takes it); returns
    /// what of it no program takes: all of it when nothing presents the window or is started for
    /// it, else what its group does not pass on (``WindowGroup/notPassedOn(_:)``).
    package mutating func pass(_ request: [String]?, to opened: OpenResult) -> [String] {
        launches.ask(opened.window.id, request)
        let taken =
            opened.outcome == .focused && opened.window.presenter != nil || launches.isInFlight(opened.window.id)
        return taken ? groups[opened.window.group]?.notPassedOn(request) ?? [] : request ?? []
    }

    /// The launch for `id` is over without a presenter: its process ended, or its opener could
    /// not start it. The next open of its window starts one again.
    package mutating func launchEnded(_ id: WindowID) {
        launches.end(id)
    }

    /// The opener's client could not start the `command` it was given for window `idText`: its
    /// launch is no longer waited for, and subscribers hear why (`window.launchFailed`). A launch
    /// the daemon runs ends only with its process: a client cannot free a place in the bound.
    package mutating func openerLaunchEnded(
        _ idText: String,
        reason: String,
        effects: inout [Effect]
    ) throws(Refusal) -> Window {
        let window = try window(idText)
        guard launches.launches[window.id]?.starter == .opener else { return window }
        launches.end(window.id)
        let command = groups[window.group]?.commandArguments(id: window.id, value: window.value) ?? []
        effects.append(
            .event(.windowLaunchFailed(WindowLaunchFailedEvent(window: window.info, command: command, reason: reason)))
        )
        return window
    }

    /// Starts a presenter for `window` and notes it in flight: the daemon runs the group's
    /// `launch` override (an effect; past the bound, `window.launchFailed` with
    /// `too_many_launches` instead, and `nil`); else the group's `command` is returned for the
    /// opener to start.
    mutating func start(
        _ window: Window,
        of group: WindowGroup,
        now: Double,
        effects: inout [Effect]
    ) -> [String]? {
        let override = group.launchArguments(id: window.id, value: window.value)
        guard override.isEmpty else {
            guard launches.startedByDaemon < limits.maxLaunchesInFlight else {
                let reason = WindowLaunchFailedEvent.tooManyLaunches
                effects.append(
                    .event(
                        .windowLaunchFailed(
                            WindowLaunchFailedEvent(window: window.info, command: override, reason: reason)
                        )
                    )
                )
                return nil
            }
            launches.begin(window.id, by: .daemon, now: now, timeout: limits.launchTimeout)
            effects.append(.launch(arguments: override, window: window.id))
            return []
        }
        launches.begin(window.id, by: .opener, now: now, timeout: limits.launchTimeout)
        return group.commandArguments(id: window.id, value: window.value)
    }

    /// Closes a window: its presenter is dismissed, its storage destroyed.
    package mutating func close(
        _ idText: String,
        reason: DismissReason = .closed,
        now: Double,
        effects: inout [Effect]
    ) throws(Refusal) -> Window {
        let window = try window(idText)
        registry.remove(window.id)
        effects.append(.persist(.windowClosed(window.id)))
        if let presenter = window.presenter {
            effects.append(.event(.windowDismiss(window.info, reason: reason, presenter: presenter)))
        }
        var closed = window
        closed.presenter = nil
        closed.phase = .background
        effects.append(.event(.windowClosed(closed.info)))
        noteAggregate(now: now, effects: &effects)
        return closed
    }

    /// Asks the presenter of window `idText` to quit its program, when its group declares how
    /// (`window.dismiss` with reason `quit`; the window stays until the program ends); `nil`,
    /// asking nothing, when the group does not or nothing presents the window.
    package func askToQuit(_ idText: String, effects: inout [Effect]) throws(Refusal) -> WindowClose.Asked? {
        let window = try window(idText)
        guard let presenter = window.presenter, let group = groups[window.group], let quit = group.quit else {
            return nil
        }
        effects.append(.event(.windowDismiss(window.info, reason: .quit, presenter: presenter)))
        return WindowClose.Asked(program: group.run.first ?? group.id, waitMs: quit.waitMs)
    }

    /// Brings a window to front: its presenter and subscribers get `window.focus`.
    package func focus(_ idText: String, effects: inout [Effect]) throws(Refusal) -> Window {
        let window = try window(idText)
        effects.append(.event(.windowFocus(window.info, presenter: window.presenter)))
        return window
    }

    // MARK: - Presenters

    /// Makes `connection` the presenter of a window named by id, or by group and value (opened
    /// if needed, with the next id of `ids`); with the request kept for the presenter of its launch.
    package mutating func attach(
        _ request: AttachRequest,
        connection: ConnectionID,
        now: Double,
        ids: inout WindowIDSource,
        effects: inout [Effect],
        probe: PresenterProcess.Probe = { _ in .gone }
    ) throws(Refusal) -> (window: Window, request: [String]?) {
        let target: Window
        let presented = registry.window(presentedBy: connection)
        switch request.target {
        case .id(let id):
            if let signedOutID = WindowID(id), signedOut.contains(signedOutID), registry.windows[signedOutID] == nil {
                throw .refused(
                    .unauthenticated,
                    "window \(signedOutID) was closed when its user signed out; sign in first (winctl login USER)"
                )
            }
            target = try window(id)
            try requireAuthentication(for: try group(target.group))
            try group(target.group).admit(host: request.host)
            try requireNotPresenting(presented, other: target.id)
        case .value(let group, let value):
            // Checked before the open, so that a refused attach opens nothing and brings nothing
            // to front: `winctl run` of a presented value opens it next, which focuses it once.
            try self.group(group).admit(host: request.host)
            let existing = existingWindow(group: group, value: value, host: request.host)
            if let presented, existing?.id != presented.id {
                throw Self.alreadyPresenting(presented)
            }
            if let existing, !request.takeover, existing.presenter.map({ $0 != connection }) ?? false {
                throw Self.busy(existing)
            }
            if let existing {
                // Presented, not opened: no `window.focus` (a takeover's old presenter is dismissed, not raised first).
                try requireAuthentication(for: try self.group(group))
                target = existing
            } else {
                target = try open(
                    group: group,
                    value: value,
                    host: request.host,
                    now: now,
                    launch: false,
                    ids: &ids,
                    effects: &effects
                ).window
            }
        }
        // The presenter awaited since a restart gets its window back, and no one else while it lives.
        if let awaited = target.awaited, awaited.pid != request.process?.pid, !request.takeover {
            guard probe(awaited) == .gone else { throw Self.busy(target) }
        }
        if let current = target.presenter, current != connection {
            guard request.takeover else { throw Self.busy(target) }
            effects.append(.event(.windowDismiss(target.info, reason: .takeover, presenter: current)))
            registry.setPresenter(nil, phase: .background, of: target.id)
        }
        registry.setPresenter(
            connection,
            phase: request.phase,
            place: request.place,
            process: request.process,
            of: target.id
        )
        let asked = launches.end(target.id)?.request
        effects.append(
            .persist(.windowAttached(target.id, at: now, presenter: request.process, place: request.place))
        )
        return (notePhase(of: target.id, from: .background, now: now, effects: &effects), asked)
    }

    /// A connection presents one window: attaching it to another is refused, not a silent detach.
    private func requireNotPresenting(_ presented: Window?, other: WindowID) throws(Refusal) {
        if let presented, presented.id != other { throw Self.alreadyPresenting(presented) }
    }

    private static func busy(_ window: Window) -> Refusal {
        .refused(.windowBusy, "window \(window.id) already has a presenter; attach with takeover to replace it")
    }

    private static func alreadyPresenting(_ window: Window) -> Refusal {
        .refused(
            .windowBusy,
            "this connection already presents window \(window.id); send window.detach first, or attach from another connection"
        )
    }

    /// Ends `connection`'s presentation, if any: the window stays, in `background`.
    @discardableResult
    package mutating func detach(connection: ConnectionID, now: Double, effects: inout [Effect]) -> Window? {
        guard let window = registry.window(presentedBy: connection) else { return nil }
        registry.setPresenter(nil, phase: .background, of: window.id)
        return notePhase(of: window.id, from: window.phase, now: now, effects: &effects)
    }

    /// Sets a window's phase; a window without a presenter stays `background`.
    package mutating func setPhase(
        _ phase: ScenePhase,
        of idText: String,
        now: Double,
        effects: inout [Effect]
    ) throws(Refusal) -> Window {
        let window = try window(idText)
        guard window.presenter != nil || phase == .background else {
            throw .invalidArgument("window \(window.id) has no presenter, so it stays background; attach to it first")
        }
        guard window.phase != phase else { return window }
        registry.setPhase(phase, of: window.id)
        return notePhase(of: window.id, from: window.phase, now: now, effects: &effects)
    }

    // MARK: - Scene storage

    /// Sets one key of a window's scene storage, within the storage limit.
    package mutating func setStorage(
        _ key: String,
        to value: JSONValue,
        of idText: String,
        effects: inout [Effect]
    ) throws(Refusal) -> Window {
        let window = try window(idText)
        let limit = limits.maxStorageBytes
        try registry.updateStorage(of: window.id) { (storage: inout SceneStorage) throws(Refusal) in
            try storage.set(key, to: value, limit: limit, window: window.id)
        }
        effects.append(.persist(.storageSet(window.id, key: key, value: value)))
        return registry.windows[window.id]!
    }

    /// Removes one key of a window's scene storage.
    package mutating func removeStorage(
        _ key: String,
        of idText: String,
        effects: inout [Effect]
    ) throws(Refusal) -> Window {
        let window = try window(idText)
        guard window.storage.values[key] != nil else { return window }
        try registry.updateStorage(of: window.id) { (storage: inout SceneStorage) throws(Refusal) in
            storage.remove(key)
        }
        effects.append(.persist(.storageRemoved(window.id, key: key)))
        return registry.windows[window.id]!
    }

    // MARK: - App state

    /// Moves the app state machine; leaving `authenticated` signs out the windows that need a user.
    @discardableResult
    package mutating func transition(
        to next: AppState,
        now: Double,
        effects: inout [Effect]
    ) throws(Refusal) -> AppStateEvent {
        let change = try appState.transition(to: next)
        effects.append(.event(.appState(change)))
        if case .authenticated(let user) = next {
            signedOut = []
            if session?.user != user || session?.isExpired(at: now) != false {
                let fresh = Session(user: user, issuedAt: now, expiresAt: now + limits.sessionTTL)
                session = fresh
                effects.append(.persist(.sessionSaved(fresh)))
                // Restored windows that need a user were the stored session's user's.
                if change.previous == .loading { signOutWindows(now: now, effects: &effects) }
            }
        } else if change.previous == .loading {
            // Leaving `loading` without the stored session: nothing of its user's stays (windowd-protocol(7), app.transition).
            signOutWindows(now: now, effects: &effects)
        } else if change.previous.isAuthenticated {
            session = nil
            effects.append(.persist(.sessionCleared))
            signOutWindows(now: now, effects: &effects)
        }
        return change
    }

    /// Ends `loading`: `authenticated` if `storedSession` is given, not `rejected` (by the validate
    /// command) and not expired, else `unauthenticated` — and a stored session that is not
    /// restored is cleared from the store.
    package mutating func finishLoading(
        storedSession: Session?,
        rejected: Bool = false,
        now: Double,
        effects: inout [Effect]
    ) {
        guard state == .loading else { return }
        if let storedSession, !rejected, !storedSession.isExpired(at: now) {
            session = storedSession
            _ = try? transition(to: .authenticated(user: storedSession.user), now: now, effects: &effects)
        } else {
            _ = try? transition(to: .unauthenticated, now: now, effects: &effects)
            if storedSession != nil { effects.append(.persist(.sessionCleared)) }
        }
    }

    /// An invalid session while `authenticated` goes to `error(sessionExpired)`.
    package mutating func expireSession(now: Double, effects: inout [Effect]) {
        guard state.isAuthenticated else { return }
        _ = try? transition(to: .error(.sessionExpired), now: now, effects: &effects)
    }

    // MARK: - Config and restore

    /// Applies a re-read config. Existing windows of a group that is gone stay until closed;
    /// they are not restored after a restart.
    package mutating func reconfigure(groups: [WindowGroup], limits: CoordinatorLimits) {
        self.groups = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        self.limits = limits
        phaseSettle.seconds = limits.phaseSettle
    }

    /// Registers the windows restored from storage (``RestoreValidator``'s registry, detached
    /// and in `background`): taken whole when none is registered yet, as at start.
    package mutating func restore(_ restored: WindowRegistry) {
        guard registry.count > 0 else {
            registry = restored
            return
        }
        registry.reserveCapacity(registry.count + restored.count)
        for window in restored.list() { registry.insert(window) }
    }

    /// Picks up where a gracefully restarted daemon left off: its app state (instead of
    /// `loading`) and session, with no events — nothing changed for the clients.
    package mutating func resume(state: AppState, session: Session?) {
        guard self.state == .loading else { return }
        appState = AppStateMachine(state: state)
        self.session = state.isAuthenticated ? session : nil
    }

    /// Gives a window back to the presenter that a graceful restart carried over, at its
    /// place and phase, with no events; `false` if the window or its group is gone. Restore made
    /// it no longer `active` in the store (``RestoreValidator``): one handed over `active` is again.
    @discardableResult
    package mutating func resumePresenter(
        _ idText: String,
        connection: ConnectionID,
        phase: ScenePhase,
        place: Place? = nil,
        effects: inout [Effect]
    ) -> Bool {
        guard let id = WindowID(idText), let window = registry.windows[id], window.presenter == nil else {
            return false
        }
        registry.setPresenter(connection, phase: phase, place: place, of: id)
        if phase == .active, let time = window.lastActiveAt {
            effects.append(.persist(.windowActive(id, at: time, active: true)))
        }
        phaseSettle.adopt(registry.aggregate)
        return true
    }

    // MARK: - Private

    private func requireAuthentication(for group: WindowGroup) throws(Refusal) {
        guard !group.requiresAuth || state.isAuthenticated else {
            throw .refused(
                .unauthenticated,
                "window group '\(group.id)' needs a signed-in user; sign in first (winctl login USER)"
            )
        }
    }

    /// Closes the windows of groups that need a user (their presenters are dismissed
    /// `signedOut`), with their storage, and remembers their ids.
    mutating func signOutWindows(now: Double, effects: inout [Effect]) {
        // The groups that need a user first: most apps have few or none, and a start with many
        // restored windows and no session to restore then looks at none of them.
        let needUser = Set(groups.values.filter(\.requiresAuth).map(\.id))
        for window in registry.list(groups: needUser) {
            _ = try? close(window.id.rawValue, reason: .signedOut, now: now, effects: &effects)
            signedOut.insert(window.id)
        }
    }

    /// Tells of a window's phase, changed from `old` in the registry: the time when it becomes
    /// `active` or stops being it (its `lastActiveAt`, and whether it is, for the store),
    /// `window.phase`, and the aggregate. Returns the window as it is now.
    mutating func notePhase(of id: WindowID, from old: ScenePhase, now: Double, effects: inout [Effect]) -> Window {
        let new = registry.windows[id]!.phase
        if old != new, old == .active || new == .active {
            let time = Self.activeTime(now)
            registry.setLastActive(time, of: id)
            effects.append(.persist(.windowActive(id, at: time, active: new == .active)))
        }
        let window = registry.windows[id]!
        effects.append(.event(.windowPhase(window.info)))
        noteAggregate(now: now, effects: &effects)
        return window
    }

    /// `now` as ``Window/lastActiveAt`` keeps it.
    static func activeTime(_ now: Double) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date(timeIntervalSince1970: now))
    }

    /// Announces the windows' aggregate if it moved up, or starts the settle wait if it moved down.
    private mutating func noteAggregate(now: Double, effects: inout [Effect]) {
        if let change = phaseSettle.observe(registry.aggregate, now: now) {
            announce(change, now: now, effects: &effects)
        }
    }

    /// Raises `scene.phase` and the central reaction for an announced change; on `active` an
    /// expired session is caught at once.
    mutating func announce(_ change: ScenePhaseEvent, now: Double, effects: inout [Effect]) {
        effects.append(.event(.scenePhase(change)))
        effects.append(.phaseReaction(change.phase))
        if change.phase == .active, let session, session.isExpired(at: now) {
            expireSession(now: now, effects: &effects)
        }
    }
}

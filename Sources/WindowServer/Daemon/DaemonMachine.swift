import WindowEngine
import WindowProtocol

/// What the daemon decides around the coordinator, as a value: the group commit and what a
/// failed one undoes, each connection's event numbering, the request lines that wait for the
/// end of `loading` (with the gate that ends it), and where the daemon is in its life (serving, handing its connections over, stopping).
///
/// No I/O and no clock: ``WindowDaemon`` calls one method per event (a commit finished, a
/// timer, a signal, a verdict) and carries out the action that method answers, on the event
/// loop; an event that cannot come in the ``lifecycle`` it finds traps. A request's change to the coordinator is made in
/// place through ``change(_:)`` while the router runs; a change of the daemon's own goes through
/// ``makeOwnChange(_:effects:)``, which a failed commit makes again.
struct DaemonMachine: ~Copyable {
    /// What waits for the changes before it to be durable, carried out by the daemon once they are.
    enum Delivery {
        /// A request line's response, then the events and actions it caused.
        case response(RequestRouter.Outcome, PendingEffects, to: ConnectionID)
        /// Events and actions of the daemon's own.
        case effects(PendingEffects)
        /// A line answered without being run (one over `max_message_bytes`).
        case line([UInt8], to: ConnectionID)
        /// Store maintenance the aggregate phase asks for, after what is acknowledged.
        case maintenance(MaintenanceLevel)
    }

    /// How long a refused transaction waits before it is tried again, in milliseconds.
    static let retryPause: Int64 = 500
    /// The least time between two status lines, in milliseconds.
    static let statusPause: Int64 = 250

    /// The app-state controller.
    private(set) var coordinator: SceneCoordinator
    /// The ids of the windows requests open; never rolled back.
    private var windowIDs: WindowIDSource
    /// What a failed commit of requests' changes goes back to.
    private var rollbackPoint: RollbackPoint
    private var commits = CommitQueue<Delivery>()
    /// Each connection's `seq`.
    private(set) var numbering = EventNumbering()
    /// Attaches that wait for the end of `loading`, and what their connections sent after them.
    private var heldRequests = HeldRequests()
    /// When `loading` ends.
    private var loadingGate = LoadingGate(hasStoredSession: false)
    /// Serving, handing connections over, or stopping.
    private(set) var lifecycle = DaemonLifecycle.serving
    /// The `validate_command` in flight, if any, and who waits for its verdict.
    private var validator = ValidatorFlight<VerdictWaiter>()
    /// What the service manager was told, and whether a status line is on its way.
    private var status = StatusReport()

    /// A machine over `coordinator` as it is (restored, or all committed).
    init(coordinator: SceneCoordinator, windowIDs: consuming WindowIDSource = WindowIDSource()) {
        self.coordinator = coordinator
        self.windowIDs = windowIDs
        rollbackPoint = RollbackPoint(&self.coordinator)
    }

    // MARK: - Changes

    /// A request's change, made in place; the line's ``handled(changes:delivery:)`` follows.
    mutating func change<Result, Failure: Error>(
        _ body: (inout SceneCoordinator, inout WindowIDSource) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&coordinator, &windowIDs)
    }

    /// Makes a change of the daemon's own, and keeps it to make again if requests' changes
    /// under it are undone; its effects go to `effects`. Returns whether it could be made.
    @discardableResult
    mutating func makeOwnChange(_ change: OwnChange, effects: inout [Effect]) -> Bool {
        let made = change.apply(to: &coordinator, effects: &effects)
        if commits.isIdle {
            rollbackPoint.settle(&coordinator)
        } else {
            rollbackPoint.madeOwnChange(change)
        }
        return made
    }

    // MARK: - Event numbering

    /// Numbers the next event addressed to `connection`.
    mutating func nextSeq(for connection: ConnectionID) -> UInt64 {
        numbering.next(for: connection)
    }

    /// A connection handed over by a graceful restart goes on from `seq`.
    mutating func resumeNumbering(of connection: ConnectionID, from seq: UInt64) {
        numbering.resume(connection, from: seq)
    }

    // MARK: - Loading

    /// What becomes of a request line read during `loading` (windowd-protocol(7), app.transition).
    enum Admission: Equatable {
        /// Handle it now.
        case handle
        /// It waits for the end of loading (an attach that needs a user, or a line behind one).
        case held
        /// Its connection has ``HeldRequests/maximumPerConnection`` lines waiting: close it.
        case overLimit
    }

    /// Whether `line` from `connection` is handled now or waits for the end of loading.
    mutating func admit(_ line: UnsafeRawBufferPointer, from connection: ConnectionID) -> Admission {
        guard !heldRequests.isEmpty || coordinator.state == .loading else { return .handle }
        guard
            heldRequests.holds(connection)
                || (coordinator.state == .loading && HeldRequests.waitsForLoading(line, coordinator: coordinator))
        else { return .handle }
        return heldRequests.hold(line, from: connection) ? .held : .overLimit
    }

    /// Whether lines wait for the end of loading.
    var holdsLines: Bool { !heldRequests.isEmpty }

    /// Once `loading` is over (however it ended), the lines that waited, in the order they came; none after.
    mutating func releasedLines() -> [(connection: ConnectionID, line: [UInt8])] {
        guard !heldRequests.isEmpty, coordinator.state != .loading else { return [] }
        return heldRequests.takeAll()
    }

    /// Loading starts: it ends once `minimum_loading_ms` has passed and the stored session (if
    /// any) has its verdict.
    mutating func startLoading(hasStoredSession: Bool) {
        loadingGate = LoadingGate(hasStoredSession: hasStoredSession)
    }

    /// `minimum_loading_ms` passed; the verdict when loading ends now.
    mutating func minimumLoadingElapsed() -> SessionValidator.Verdict? {
        loadingGate.minimumElapsed()
    }

    /// The stored session has its verdict; the verdict when loading ends now.
    mutating func sessionJudged(_ verdict: SessionValidator.Verdict) -> SessionValidator.Verdict? {
        loadingGate.validated(verdict)
    }

    // MARK: - Commits

    /// Whether everything queued is committed and nothing waits: a reply may go at once.
    var isDurable: Bool { commits.isDurable }

    /// Whether nothing waits for a commit that can happen now (a drain is done).
    var isSettled: Bool { commits.isSettled }

    /// What a line, or a change of the daemon's own, asks for: at most a commit to schedule (a
    /// turn of the loop later, or a retry after ``retryPause``), then its delivery, numbered, when
    /// nothing it follows waits for a commit; `nil` while it waits.
    struct Step {
        var schedule: CommitQueue<Delivery>.Schedule
        var deliverNow: Delivery?
    }

    /// A request line ran: its `changes` go to the store, and `delivery` follows once they and
    /// everything queued before them are durable.
    mutating func handled(changes: [StateChange], delivery: consuming Delivery) -> Step {
        let schedule = changes.isEmpty ? .none : commits.add(changes, from: .request)
        if commits.isIdle { rollbackPoint.settle(&coordinator) }
        guard let now = commits.whenDurable(delivery) else { return Step(schedule: schedule) }
        return Step(schedule: schedule, deliverNow: numbered(now, undone: nil))
    }

    /// Effects of the daemon's own were addressed: their `changes` are kept until saved, and
    /// `delivery` follows what is queued before it.
    mutating func performed(changes: [StateChange], delivery: Delivery?) -> Step {
        let schedule = changes.isEmpty ? .none : commits.add(changes, from: .daemon)
        guard let delivery, let now = commits.whenDurable(delivery) else { return Step(schedule: schedule) }
        return Step(schedule: schedule, deliverNow: numbered(now, undone: nil))
    }

    /// The loop turn that scheduled a commit is over: the changes to hand the store as one
    /// transaction (its end is ``commitFinished(failure:)``), if any.
    mutating func commitDue() -> [StateChange]? {
        guard let changes = commits.startCommit() else { return nil }
        rollbackPoint.commitStarted(&coordinator)
        return changes
    }

    /// The pause after a refused transaction is over: what to schedule.
    mutating func retryDue() -> CommitQueue<Delivery>.Schedule { commits.retryDue() }

    /// What a finished transaction asks for, in this order.
    struct CommitFinished {
        /// The store refused a transaction the first time in a row (`.some(failure)`), or took
        /// one again after refusing (`.some(nil)`).
        var storeChanged: String??
        /// A failed commit undid the requests' changes: the windows before the undo.
        var rolledBackFrom: Int?
        /// What waited for it, numbered; when `undone`, every reply is that error and the
        /// request's events are withdrawn.
        var deliveries: [(Delivery, undone: String?)] = []
        var schedule: CommitQueue<Delivery>.Schedule = .none
        /// Nothing waits for a commit that can happen now: drains are done.
        var settled = false
    }

    /// The store finished the transaction, with `failure` if it refused it.
    mutating func commitFinished(failure: String?) -> CommitFinished {
        let wasFailing = commits.failure != nil
        let finished = commits.finished(failure: failure)
        var action = CommitFinished()
        if let failure, !wasFailing {
            action.storeChanged = .some(failure)
        } else if failure == nil, wasFailing {
            action.storeChanged = .some(nil)
        }
        if finished.rolledBack {
            action.rolledBackFrom = coordinator.registry.count
            rollbackPoint.failed(&coordinator)
        } else {
            rollbackPoint.committed(&coordinator, nothingQueued: commits.isIdle)
        }
        let undone = finished.rolledBack ? failure : nil
        for delivery in finished.released {
            action.deliveries.append((numbered(delivery, undone: undone), undone))
        }
        numbering.settleWithdrawn()
        action.schedule = finished.schedule
        action.settled = finished.settled
        return action
    }

    /// A connection closed: it is numbered no more, and its lines that waited are dropped.
    mutating func connectionClosed(_ connection: ConnectionID) {
        numbering.forget(connection)
        heldRequests.drop(connection)
    }

    // MARK: - The validator, the deadline, the status line

    /// `session` is to be validated (`validate_command`) for `waiter`: the session to start the
    /// validator for now, if none runs.
    mutating func validationAsked(_ session: Session, by waiter: VerdictWaiter) -> Session? {
        validator.ask(session, waiter) ? session : nil
    }

    /// What a verdict of `validate_command` asks for.
    struct VerdictAction {
        /// The session to validate next, asked for meanwhile.
        var startNext: Session?
        /// The stored session has its verdict: restored, or its windows that need a user close.
        var storedSessionJudged: SessionValidator.Verdict?
        /// The active session was refused: it expires.
        var expire: OwnChange?
    }

    /// The running `validate_command` gave its verdict.
    mutating func verdict(_ verdict: SessionValidator.Verdict, now: Double) -> VerdictAction {
        let (waiters, next) = validator.finish()
        var action = VerdictAction(startNext: next)
        for waiter in waiters {
            switch waiter {
            case .storedSession:
                action.storedSessionJudged = verdict
            case .activeSession(let session):
                if verdict == .invalid, coordinator.session == session { action.expire = .expireSession(now: now) }
            }
        }
        return action
    }

    /// The deadline timer fired (a session's expiry, the aggregate's settle): the change to
    /// make, then the timer is armed again; `nil` while connections are handed over (nothing may
    /// change then; an abandoned hand-off arms again) or the daemon stops.
    func deadlineDue(now: Double) -> OwnChange? {
        lifecycle.serves ? .advance(to: now) : nil
    }

    /// The daemon is ready to serve (listening, the stored session judged): the status line to
    /// send with `READY=1`, the first time only.
    mutating func readyToServe() -> String? {
        let line = statusLine
        return status.readied(with: line) ? line : nil
    }

    /// Something the status line counts may have changed: whether to arm the status timer
    /// (``statusPause``; one at a time).
    mutating func statusMayHaveChanged() -> Bool { status.schedule() }

    /// The status timer fired: the line to send, if it changed.
    mutating func statusTimerFired() -> String? { status.due(statusLine) }

    // MARK: - The lifecycle

    /// What SIGUSR2 asks for.
    enum UpgradeAsked: Equatable {
        /// Check the new binary, off the loop; its end is ``upgradeChecked(refused:now:)``.
        case checkBinary
        /// An upgrade is under way already, or the daemon hands over or stops: ignored.
        case alreadyUnderWay
        /// A stop has begun: ignored without a word.
        case stopComing
    }

    /// SIGUSR2: an upgrade in place is asked for.
    mutating func upgradeAsked() -> UpgradeAsked {
        switch lifecycle {
        case .serving:
            lifecycle = .checkingUpgrade
            return .checkBinary
        case .stopComing: return .stopComing
        case .checkingUpgrade, .handingOff, .handedOver, .stopping: return .alreadyUnderWay
        }
    }

    /// What the end of the new binary's check asks for.
    enum UpgradeChecked {
        /// It passed: the connections are being handed over (``handOff(_:)``).
        case handOff(OwnChange)
        /// It was refused: serving on.
        case refused
        /// A stop came during the check: the upgrade is abandoned for it.
        case abandoned
    }

    /// The new binary's check ended, `refused` or not.
    mutating func upgradeChecked(refused: Bool, now: Double) -> UpgradeChecked {
        guard lifecycle == .checkingUpgrade else { return .abandoned }
        guard !refused else {
            lifecycle = .serving
            return .refused
        }
        return .handOff(beginHandOff(.upgrade, now: now))
    }

    /// A stop with the service manager's fd store: the connections go to the next process. Only
    /// after ``stopAsked()`` answered ``StopAsked/now``. The change to make after what was read.
    mutating func restartHandOff(now: Double) -> OwnChange {
        guard lifecycle.serves else { preconditionFailure("a restart's hand-off began while \(lifecycle)") }
        return beginHandOff(.restart, now: now)
    }

    /// Reading stops, what was read and kept is answered, and then (like a timer's change, which
    /// a failed commit keeps) the phase settles: the returned change.
    private mutating func beginHandOff(_ reason: DaemonLifecycle.HandOffReason, now: Double) -> OwnChange {
        lifecycle = .handingOff(reason, stop: nil)
        return .settlePhase(now: now)
    }

    /// The next process has the state and the connections (only during a restart's hand-off).
    mutating func handedOver() {
        guard case .handingOff(.restart, _) = lifecycle else {
            preconditionFailure("handed over without a restart's hand-off under way (\(lifecycle))")
        }
        lifecycle = .handedOver
    }

    /// Whether an upgrade whose hand-off is ready goes on to exec: not when a stop came meanwhile.
    var execsUpgrade: Bool { lifecycle == .handingOff(.upgrade, stop: nil) }

    /// What an upgrade that did not exec asks for, once every connection reads again and the
    /// deadline is armed again.
    enum HandOffFailed: Equatable {
        /// Serve on, and tell the service manager so.
        case serveOn
        /// A stop came meanwhile and waits for this: stop now.
        case stopNow
        /// A stop has begun and reaches the server next: serve until it does.
        case stopComing
    }

    /// The next process could not be started (the binary, the exec or the state's file failed,
    /// or a stop came; only during an upgrade's hand-off).
    mutating func handOffFailed() -> HandOffFailed {
        guard case .handingOff(.upgrade, let stop) = lifecycle else {
            preconditionFailure("an upgrade failed without its hand-off under way (\(lifecycle))")
        }
        switch stop {
        case nil:
            lifecycle = .serving
            return .serveOn
        case .coming:
            lifecycle = .stopComing
            return .stopComing
        case .asked:
            lifecycle = .stopComing
            return .stopNow
        }
    }

    /// The service group began to stop (the signal service stops first): no upgrade from now on;
    /// ``stopAsked()`` follows.
    mutating func stopComing() {
        switch lifecycle {
        case .serving, .checkingUpgrade: lifecycle = .stopComing
        case .handingOff(.upgrade, nil): lifecycle = .handingOff(.upgrade, stop: .coming)
        case .stopComing, .handingOff, .handedOver, .stopping: break
        }
    }

    /// What a stop asked for now does.
    enum StopAsked: Equatable {
        /// Stop (``stopStarted()``) or hand over to the service manager (``restartHandOff(now:)``) now.
        case now
        /// An upgrade is handing off: it stops instead of exec'ing, once its hand-off is ready.
        case afterUpgrade
        /// A stop or a restart's hand-off is already under way: nothing more to do.
        case alreadyUnderWay
    }

    /// SIGTERM or SIGINT.
    mutating func stopAsked() -> StopAsked {
        switch lifecycle {
        case .serving, .stopComing, .checkingUpgrade:
            lifecycle = .stopComing
            return .now
        case .handingOff(.upgrade, _):
            lifecycle = .handingOff(.upgrade, stop: .asked)
            return .afterUpgrade
        case .handingOff(.restart, _), .handedOver, .stopping:
            return .alreadyUnderWay
        }
    }

    /// A stop without a hand-off begins (only after ``stopAsked()`` answered ``StopAsked/now``):
    /// clients are told `daemon.stopping`, after what was read and kept is answered.
    mutating func stopStarted() {
        guard lifecycle.serves else { preconditionFailure("a plain stop began while \(lifecycle)") }
        lifecycle = .stopping
    }

    /// `12 windows, 3 attached, phase active, authenticated`: what the service manager shows.
    var statusLine: String {
        let registry = coordinator.registry
        return
            "\(registry.count) windows, \(registry.attachedCount) attached, phase \(coordinator.aggregate.rawValue), \(coordinator.state)"
    }

    /// `delivery` with its events numbered as they go out: below the events withdrawn before
    /// them; or, when `undone`, withdrawn (a request's; the daemon's own still go out).
    private mutating func numbered(_ delivery: consuming Delivery, undone: String?) -> Delivery {
        // Per request, nearly always: nothing withdrawn, so the delivery goes as it is, not copied apart.
        if undone == nil, !numbering.isWithdrawing { return delivery }
        switch delivery {
        case .response(let outcome, var pending, let connection):
            if undone != nil {
                for line in pending.lines { numbering.withdraw(from: line.connection) }
                return delivery
            }
            guard numbering.isWithdrawing else { return delivery }
            let numbering = self.numbering
            pending.renumber { numbering.sent($0, on: $1) }
            return .response(outcome, pending, to: connection)
        case .effects(var pending):
            guard numbering.isWithdrawing else { return delivery }
            let numbering = self.numbering
            pending.renumber { numbering.sent($0, on: $1) }
            return .effects(pending)
        case .line, .maintenance:
            return delivery
        }
    }
}

import WindowEngine
import WindowProtocol

/// What the daemon decides around the coordinator, as a value: the group commit and what a
/// failed one undoes, each connection's event numbering, the request lines that wait for the
/// end of `loading` (with the gate that ends it), and where the daemon is in its life (serving, handing its connections over, stopping).
///
/// No I/O and no clock: ``WindowDaemon`` feeds it what happened (``Input``) and carries out what
/// it answers (``Output``), on the event loop. A request's change to the coordinator is made in
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

    /// What happened (a request line that ran is ``handled(changes:delivery:)``, the one input
    /// of every request, answered without an array).
    enum Input {
        /// Effects of the daemon's own were addressed: their `changes` are kept until saved,
        /// and `delivery` follows what is queued before it.
        case performed(changes: [StateChange], delivery: Delivery?)
        /// The loop turn that scheduled a commit is over.
        case commitDue
        /// The store finished the transaction, with `failure` if it refused it.
        case commitFinished(failure: String?)
        /// The pause after a refused transaction is over.
        case retryDue
        /// The connections are to go to the next process: SIGUSR2 (its binary passed its check),
        /// or a stop with the service manager's fd store. Ignored unless serving.
        case handOffAsked(DaemonLifecycle.HandOffReason, now: Double)
        /// The next process has the state and the connections (only during a restart's hand-off).
        case handedOver
        /// The next process could not be started (the binary, the exec or the state's file
        /// failed; only during an upgrade's hand-off).
        case handOffFailed
        /// SIGTERM or SIGINT.
        case stopAsked
        /// A stop without a hand-off begins (only while serving).
        case stopStarted
        /// A connection closed: it is numbered no more, and its lines that waited are dropped.
        case connectionClosed(ConnectionID)
        /// `session` is to be validated (`validate_command`) for `waiter`.
        case validationAsked(Session, by: VerdictWaiter)
        /// The running `validate_command` gave its verdict.
        case verdict(SessionValidator.Verdict, now: Double)
        /// The deadline timer fired (a session's expiry, the aggregate's settle).
        case deadlineDue(now: Double)
        /// The daemon is ready to serve (listening, the stored session judged): `READY=1`, once.
        case readyToServe
        /// Something the status line counts may have changed (windows, attached, phase, state).
        case statusMayHaveChanged
        /// The status timer fired: the line goes out if it changed.
        case statusTimerFired
    }

    /// What the daemon does, in order.
    enum Output {
        /// Send `commitDue` on the next turn of the loop, so a whole read batch goes in one transaction.
        case scheduleCommit
        /// Hand these changes to the store as one transaction; its end is `commitFinished`.
        case commit([StateChange])
        /// Send `retryDue` after ``retryPause``.
        case scheduleRetry
        /// Carry out `delivery`, its events numbered as they go out; when `undone` (its commit
        /// failed), every reply is that error and its events are withdrawn.
        case deliver(Delivery, undone: String?)
        /// A failed commit undid the requests' changes (`windowsBefore`: the windows before the undo).
        case rolledBack(windowsBefore: Int)
        /// The store refused a transaction, the first time in a row.
        case storeFailing(String)
        /// The store took a transaction again.
        case storeRecovered
        /// Nothing waits for a commit that can happen now: drains are done.
        case settled
        /// Read no connection further: what was read is answered, nothing more.
        case stopReading
        /// Read every connection again, but those back-pressure pauses; each kept its partial line.
        case resumeReading
        /// Tell the service manager a reload began (`RELOADING=1`).
        case notifyReloading
        /// Tell the service manager a stop began (`STOPPING=1`), handing the connections over or not.
        case notifyStopping(handingOver: Bool)
        /// Handle what connections kept unframed while their replies piled up: it was read before
        /// the hand-off or the stop, and is answered like the rest.
        case handleHeldInput
        /// Make a change of the daemon's own (``makeOwnChange(_:effects:)``) and carry out its effects.
        case ownChange(OwnChange)
        /// Carry out these effects of the daemon's own.
        case perform([Effect])
        /// Move the deadline timer to the coordinator's next deadline (it did not advance meanwhile).
        case armDeadline
        /// Stop now (or hand over to the service manager).
        case stopNow
        /// A stop came during an upgrade's hand-off: it runs instead of the exec, once the hand-off is ready.
        case stopAfterUpgrade
        /// Run `validate_command` for this session; its end is ``Input/verdict(_:now:)``.
        case startValidator(Session)
        /// The stored session has its verdict: restored, or its windows that need a user close.
        case storedSessionJudged(SessionValidator.Verdict)
        /// Tell the service manager the daemon is ready (`READY=1`), with this status line.
        case notifyReady(String)
        /// Send ``Input/statusTimerFired`` after ``statusPause``.
        case armStatusTimer
        /// Tell the service manager this status line (`STATUS=`).
        case sendStatus(String)
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

    /// A request's change, made in place; the line's ``Input/handled(changes:delivery:)`` follows.
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

    /// What a request line that ran asks for: at most a commit to schedule, then its delivery.
    struct HandledLine {
        /// What to schedule for the line's changes (``Output/scheduleCommit`` or
        /// ``Output/scheduleRetry``), before anything is delivered.
        var schedule: CommitQueue<Delivery>.Schedule
        /// The line's response and events, numbered, when nothing they follow waits for a commit
        /// (``Output/deliver(_:undone:)``); `nil` while they wait.
        var deliverNow: Delivery?
    }

    /// A request line ran: its `changes` go to the store, and `delivery` follows once they and
    /// everything queued before them are durable. The request path's input, so answered with
    /// two values rather than an array of outputs.
    mutating func handled(changes: [StateChange], delivery: consuming Delivery) -> HandledLine {
        let schedule = changes.isEmpty ? .none : commits.add(changes, from: .request)
        if commits.isIdle { rollbackPoint.settle(&coordinator) }
        guard let now = commits.whenDurable(delivery) else { return HandledLine(schedule: schedule) }
        return HandledLine(schedule: schedule, deliverNow: numbered(now, undone: nil))
    }

    /// Takes in what happened; returns what to do, in order.
    mutating func receive(_ input: Input) -> [Output] {
        var outputs: [Output] = []
        switch input {
        case .performed(let changes, let delivery):
            if !changes.isEmpty { follow(commits.add(changes, from: .daemon), into: &outputs) }
            if let delivery { wait(delivery, into: &outputs) }
        case .commitDue:
            if let changes = commits.startCommit() {
                rollbackPoint.commitStarted(&coordinator)
                outputs.append(.commit(changes))
            }
        case .commitFinished(let failure):
            finished(failure: failure, into: &outputs)
        case .retryDue:
            follow(commits.retryDue(), into: &outputs)
        case .handOffAsked(let reason, let now):
            guard lifecycle.beginHandOff(reason) else { break }
            outputs.append(reason == .upgrade ? .notifyReloading : .notifyStopping(handingOver: true))
            outputs.append(.stopReading)
            outputs.append(.handleHeldInput)
            // After what was read: like a timer's change, a failed commit of that keeps it.
            outputs.append(.ownChange(.settlePhase(now: now)))
        case .handedOver:
            guard case .handingOff(.restart, _) = lifecycle else {
                preconditionFailure("handed over without a restart's hand-off under way (\(lifecycle))")
            }
            lifecycle = .handedOver
        case .handOffFailed:
            guard case .handingOff(.upgrade, _) = lifecycle else {
                preconditionFailure("an upgrade failed without its hand-off under way (\(lifecycle))")
            }
            let stopWaits = lifecycle.abandonHandOff()
            outputs.append(.resumeReading)
            outputs.append(.armDeadline)
            if stopWaits { outputs.append(.stopNow) }
        case .stopAsked:
            switch lifecycle.requestStop() {
            case .now: outputs.append(.stopNow)
            case .afterUpgrade: outputs.append(.stopAfterUpgrade)
            case .alreadyUnderWay: break
            }
        case .stopStarted:
            precondition(lifecycle == .serving, "a plain stop began while \(lifecycle)")
            lifecycle = .stopping
            outputs.append(.notifyStopping(handingOver: false))
            outputs.append(.handleHeldInput)
            outputs.append(.perform([.event(.daemonStopping)]))
        case .connectionClosed(let connection):
            numbering.forget(connection)
            heldRequests.drop(connection)
        case .validationAsked(let session, let waiter):
            if validator.ask(session, waiter) { outputs.append(.startValidator(session)) }
        case .verdict(let verdict, let now):
            let (waiters, next) = validator.finish()
            if let next { outputs.append(.startValidator(next)) }
            for waiter in waiters {
                switch waiter {
                case .storedSession:
                    outputs.append(.storedSessionJudged(verdict))
                case .activeSession(let session):
                    guard verdict == .invalid, coordinator.session == session else { continue }
                    outputs.append(.ownChange(.expireSession(now: now)))
                }
            }
        case .deadlineDue(let now):
            // While connections are handed over nothing may change; an abandoned hand-off arms again.
            guard lifecycle == .serving else { break }
            outputs.append(.ownChange(.advance(to: now)))
            outputs.append(.armDeadline)
        case .readyToServe:
            let line = statusLine
            if status.readied(with: line) { outputs.append(.notifyReady(line)) }
        case .statusMayHaveChanged:
            if status.schedule() { outputs.append(.armStatusTimer) }
        case .statusTimerFired:
            if let line = status.due(statusLine) { outputs.append(.sendStatus(line)) }
        }
        return outputs
    }

    /// `12 windows, 3 attached, phase active, authenticated`: what the service manager shows.
    var statusLine: String {
        let registry = coordinator.registry
        return
            "\(registry.count) windows, \(registry.attachedCount) attached, phase \(coordinator.aggregate.rawValue), \(coordinator.state)"
    }

    private mutating func wait(_ delivery: Delivery, into outputs: inout [Output]) {
        guard let now = commits.whenDurable(delivery) else { return }
        outputs.append(.deliver(numbered(now, undone: nil), undone: nil))
    }

    private mutating func finished(failure: String?, into outputs: inout [Output]) {
        let wasFailing = commits.failure != nil
        let finished = commits.finished(failure: failure)
        if let failure, !wasFailing {
            outputs.append(.storeFailing(failure))
        } else if failure == nil, wasFailing {
            outputs.append(.storeRecovered)
        }
        if finished.rolledBack {
            let before = coordinator.registry.count
            rollbackPoint.failed(&coordinator)
            outputs.append(.rolledBack(windowsBefore: before))
        } else {
            rollbackPoint.committed(&coordinator, nothingQueued: commits.isIdle)
        }
        let undone = finished.rolledBack ? failure : nil
        for delivery in finished.released {
            outputs.append(.deliver(numbered(delivery, undone: undone), undone: undone))
        }
        numbering.settleWithdrawn()
        follow(finished.schedule, into: &outputs)
        if finished.settled { outputs.append(.settled) }
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

    private func follow(_ schedule: CommitQueue<Delivery>.Schedule, into outputs: inout [Output]) {
        if let output = Output(schedule) { outputs.append(output) }
    }
}

extension DaemonMachine.Output {
    /// What the daemon does for `schedule`; `nil` for nothing.
    init?(_ schedule: CommitQueue<DaemonMachine.Delivery>.Schedule) {
        switch schedule {
        case .none: return nil
        case .commit: self = .scheduleCommit
        case .retry: self = .scheduleRetry
        }
    }
}

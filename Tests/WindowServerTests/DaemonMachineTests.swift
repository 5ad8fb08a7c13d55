import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

/// The daemon's decisions without its sockets: a ``DaemonMachine`` behind the real router, a
/// store that finishes a transaction when the test says so, and connections that are ids.
@Suite("Daemon machine")
struct DaemonMachineTests {
    /// An event the machine has a method for (the request path's aside), as a value.
    enum Event: Sendable {
        case connectionClosed(ConnectionID)
        case validationAsked(Session, by: VerdictWaiter)
        case verdict(SessionValidator.Verdict, now: Double)
        case deadlineDue(now: Double)
        case readyToServe
        case statusMayHaveChanged
        case statusTimerFired
        case upgradeAsked
        case upgradeChecked(refused: Bool, now: Double)
        case restartHandOff(now: Double)
        case handedOver
        case handOffFailed
        case stopComing
        case stopAsked
        case stopStarted
    }

    /// What ``WindowDaemon`` does with the machine, minus the I/O: lines go through the router,
    /// events go to every subscriber, outputs are recorded instead of carried out.
    final class Harness: DispatchContext {
        var machine: DaemonMachine
        let router = RequestRouter()
        /// Connections subscribed to every event, in the order they subscribed.
        var subscribers: [ConnectionID] = []
        /// What reached each connection, in order: reply lines, and `seq name` for events.
        var received: [ConnectionID: [String]] = [:]
        /// Transactions with the store, oldest first.
        var inFlight: [[StateChange]] = []
        var commitScheduled = false
        var retryScheduled = false
        var rolledBack = 0
        var settled = 0
        var now: Double = 0
        /// What a hand-off or a stop asked the daemon to do, in order.
        var actions: [String] = []

        /// Tells the machine of `event` through its method and carries out what it answers as
        /// the daemon does; returns the actions that asked for, in order.
        @discardableResult
        func receive(_ event: Event) -> [String] {
            actions = []
            switch event {
            case .connectionClosed(let connection):
                machine.connectionClosed(connection)
            case .validationAsked(let session, let waiter):
                if let session = machine.validationAsked(session, by: waiter) { startValidator(session) }
            case .verdict(let verdict, let now):
                let action = machine.verdict(verdict, now: now)
                if let next = action.startNext { startValidator(next) }
                if let judged = action.storedSessionJudged { actions.append("storedSessionJudged(\(judged))") }
                if let expire = action.expire { ownChange(expire) }
            case .deadlineDue(let now):
                if let change = machine.deadlineDue(now: now) {
                    ownChange(change)
                    actions.append("armDeadline")
                }
            case .readyToServe:
                if let line = machine.readyToServe() { actions.append("notifyReady(\(line))") }
            case .statusMayHaveChanged:
                if machine.statusMayHaveChanged() { actions.append("armStatusTimer") }
            case .statusTimerFired:
                if let line = machine.statusTimerFired() { actions.append("sendStatus(\(line))") }
            case .upgradeAsked:
                actions.append("\(machine.upgradeAsked())")
            case .upgradeChecked(let refused, let now):
                switch machine.upgradeChecked(refused: refused, now: now) {
                case .handOff(let change): handOff(.upgrade, settling: change)
                case .refused: actions.append("refused")
                case .abandoned: actions.append("abandoned")
                }
            case .restartHandOff(let now):
                handOff(.restart, settling: machine.restartHandOff(now: now))
            case .handedOver:
                machine.handedOver()
            case .handOffFailed:
                let next = machine.handOffFailed()
                actions += ["resumeReading", "armDeadline", "\(next)"]
            case .stopComing:
                machine.stopComing()
            case .stopAsked:
                actions.append("\(machine.stopAsked())")
            case .stopStarted:
                machine.stopStarted()
                actions += ["notifyStopping", "handleHeldInput", "perform"]
            }
            return actions
        }

        private func startValidator(_ session: Session) { actions.append("startValidator(\(session.user))") }

        private func ownChange(_ change: OwnChange) {
            actions.append("ownChange")
            own(change)
        }

        /// What ``WindowDaemon/handOff(_:settling:)`` does before it drains.
        private func handOff(_ reason: DaemonLifecycle.HandOffReason, settling: OwnChange) {
            actions += [reason == .upgrade ? "notifyReloading" : "notifyStopping", "stopReading", "handleHeldInput"]
            ownChange(settling)
        }

        init(coordinator: SceneCoordinator = RollbackPointTests.coordinator()) {
            machine = DaemonMachine(coordinator: coordinator, windowIDs: WindowIDSource(seed: 7))
        }

        /// A request line from connection `id`: handled now, or kept for the end of loading.
        func send(_ line: String, from id: UInt64) {
            let connection = ConnectionID(id)
            let admission = Array(line.utf8).withUnsafeBytes { machine.admit($0, from: connection) }
            guard admission == .handle else {
                if admission == .overLimit { closed.append(connection) }
                return
            }
            handle(line, from: connection)
            releaseHeldLines()
        }

        /// Connections closed for sending too much while their attach waited.
        var closed: [ConnectionID] = []

        /// Once loading is over, the lines that waited, handled in order.
        func releaseHeldLines() {
            for (connection, line) in machine.releasedLines() {
                handle(String(decoding: line, as: UTF8.self), from: connection)
            }
        }

        private func handle(_ line: String, from connection: ConnectionID) {
            var pending = PendingEffects()
            let outcome = Array(line.utf8).withUnsafeBytes { bytes in
                router.handle(line: bytes, from: connection, context: self) { reply in
                    address(reply.effects, into: &pending)
                }
            }
            carryOut(machine.handled(changes: outcome.changes, delivery: .response(outcome, pending, to: connection)))
        }

        /// A change of the daemon's own, and its effects.
        @discardableResult
        func own(_ change: OwnChange) -> Bool {
            var effects: [Effect] = []
            let made = machine.makeOwnChange(change, effects: &effects)
            var pending = PendingEffects()
            address(effects, into: &pending)
            let changes = pending.changes
            pending.changes = []
            carryOut(machine.performed(changes: changes, delivery: pending.isEmpty ? nil : .effects(pending)))
            return made
        }

        /// The loop's turn is over: a scheduled transaction goes to the store.
        func turn() {
            guard commitScheduled else { return }
            commitScheduled = false
            if let changes = machine.commitDue() { inFlight.append(changes) }
        }

        /// The store finishes the oldest transaction.
        func finish(failure: String? = nil) {
            inFlight.removeFirst()
            let finished = machine.commitFinished(failure: failure)
            if finished.rolledBackFrom != nil { rolledBack += 1 }
            for (delivery, undone) in finished.deliveries { deliver(delivery, undone: undone) }
            schedule(finished.schedule)
            if finished.settled { settled += 1 }
        }

        /// The pause after a refused transaction is over.
        func retry() {
            guard retryScheduled else { return }
            retryScheduled = false
            schedule(machine.retryDue())
        }

        /// The coordinator as the machine has it.
        var coordinator: SceneCoordinator { machine.coordinator }
        /// Whether nothing waits for a commit that can happen now.
        var isSettled: Bool { machine.isSettled }
        /// The number of the last event addressed to `id`.
        func lastSeq(_ id: UInt64) -> UInt64 { machine.numbering.last(of: ConnectionID(id)) }

        /// The seqs of the events `id` received.
        func seqs(of id: UInt64) -> [UInt64] {
            events(of: id).compactMap { UInt64($0.split(separator: " ")[0]) }
        }

        /// The events `id` received, as `seq name`.
        func events(of id: UInt64) -> [String] {
            (received[ConnectionID(id)] ?? []).filter { !Self.isReply($0) }
        }

        /// Whether a received line is a reply (an object, or a batch's array), not an event.
        static func isReply(_ line: String) -> Bool { line.first == "{" || line.first == "[" }

        /// The reply lines `id` received.
        func replies(of id: UInt64) -> [String] {
            (received[ConnectionID(id)] ?? []).filter(Self.isReply)
        }

        private func address(_ effects: [Effect], into pending: inout PendingEffects) {
            for effect in effects {
                switch effect {
                case .event(let event):
                    for id in subscribers {
                        pending.lines.append(
                            (id, machine.nextSeq(for: id), EncodedEvent(name: event.name, payload: Array("{}".utf8)))
                        )
                    }
                case .persist(let change):
                    pending.changes.append(change)
                case .launch, .phaseReaction:
                    pending.actions.append(effect)
                }
            }
        }

        /// What the daemon does with a line's or its own change's step.
        func carryOut(_ step: DaemonMachine.Step) {
            schedule(step.schedule)
            if let delivery = step.deliverNow { deliver(delivery, undone: nil) }
        }

        private func schedule(_ schedule: CommitQueue<DaemonMachine.Delivery>.Schedule) {
            switch schedule {
            case .none: break
            case .commit: commitScheduled = true
            case .retry: retryScheduled = true
            }
        }

        private func deliver(_ delivery: DaemonMachine.Delivery, undone: String?) {
            switch delivery {
            case .response(let outcome, let pending, let id):
                if let line = outcome.line(undone: undone) {
                    received[id, default: []].append(String(decoding: line.dropLast(), as: UTF8.self))
                }
                if undone != nil {
                    if outcome.replies.contains(where: { $0.method == EventsSubscribe.name }) {
                        subscribers.removeAll { $0 == id }
                    }
                } else {
                    release(pending)
                }
            case .effects(let pending):
                release(pending)
            case .line(let line, let id):
                received[id, default: []].append(String(decoding: line.dropLast(), as: UTF8.self))
            case .maintenance:
                break
            }
        }

        private func release(_ pending: PendingEffects) {
            for (id, seq, event) in pending.lines { received[id, default: []].append("\(seq) \(event.name.rawValue)") }
        }

        // DispatchContext
        func change<Result, Failure: Error>(
            _ body: (inout SceneCoordinator, inout WindowIDSource) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            try machine.change(body)
        }

        func read<Result, Failure: Error>(
            _ body: (SceneCoordinator) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            try body(machine.coordinator)
        }

        var uptime: Double { 0 }
        var clientCount: Int { received.count }

        func subscribe(_ connection: ConnectionID, to types: Set<EventName>?) -> UInt64 {
            if !subscribers.contains(connection) { subscribers.append(connection) }
            return machine.numbering.last(of: connection)
        }

        func reloadConfig(requestedBy connection: ConnectionID) throws(RPCError) -> [String] { [] }
    }

    @Test(
        "attaches that need a user wait for the end of loading with what their connections sent after them, and are answered in order by the state loading reached"
    )
    func heldUntilLoaded() {
        let harness = Harness(
            coordinator: SceneCoordinator(
                groups: [
                    WindowGroup(id: "detail", valueType: .int),
                    WindowGroup(id: "orders", valueType: .string, requiresAuth: true),
                ],
                limits: CoordinatorLimits()
            )
        )
        harness.machine.startLoading(hasStoredSession: true)
        harness.send(
            #"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"orders","value":"a"}}"#,
            from: 4
        )
        harness.send(#"{"jsonrpc":"2.0","id":2,"method":"app.state"}"#, from: 4)
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"app.state"}"#, from: 5)
        #expect(harness.replies(of: 4).isEmpty, "the attach and the line behind it wait")
        #expect(harness.replies(of: 5).count == 1, "another connection's read does not")

        let early = harness.machine.minimumLoadingElapsed()
        #expect(early == nil, "the stored session has no verdict yet")
        let verdict = harness.machine.sessionJudged(.valid)
        #expect(verdict == .valid)
        harness.own(
            .finishLoading(
                storedSession: Session(user: "alice", issuedAt: 0, expiresAt: 4_000_000_000),
                rejected: false,
                now: 1
            )
        )
        harness.releaseHeldLines()
        harness.turn()
        while !harness.inFlight.isEmpty { harness.finish() }
        let replies = harness.replies(of: 4)
        #expect(replies.count == 2)
        #expect(
            replies.first?.contains(#""id":1,"result""#) == true,
            "the attach is answered by the authenticated state"
        )
        #expect(replies.last?.contains(#""id":2"#) == true && replies.last?.contains("alice") == true)
        let again = harness.machine.sessionJudged(.invalid)
        #expect(again == nil, "loading ends once")
    }

    @Test(
        "a connection that piles up lines behind its waiting attach is closed; a closed connection's lines are dropped"
    )
    func heldOverLimit() {
        let harness = Harness(
            coordinator: SceneCoordinator(
                groups: [WindowGroup(id: "orders", valueType: .string, requiresAuth: true)],
                limits: CoordinatorLimits()
            )
        )
        harness.send(
            #"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"orders","value":"a"}}"#,
            from: 4
        )
        for id in 2...HeldRequests.maximumPerConnection {
            harness.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"app.state"}"#, from: 4)
        }
        #expect(harness.closed.isEmpty)
        harness.send(#"{"jsonrpc":"2.0","id":99,"method":"app.state"}"#, from: 4)
        #expect(harness.closed == [ConnectionID(4)])
        harness.receive(.connectionClosed(ConnectionID(4)))
        harness.own(.finishLoading(storedSession: nil, rejected: true, now: 1))
        harness.releaseHeldLines()
        #expect(harness.replies(of: 4).isEmpty)
    }

    static func open(_ value: Int, id: Int = 1) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"window.open","params":{"group":"detail","value":\#(value)}}"#
    }

    static let subscribe = #"{"jsonrpc":"2.0","id":0,"method":"events.subscribe","params":{}}"#

    /// Opens window `value` from connection 2 and lets its commit through; returns its id.
    static func committedOpen(_ value: Int, in harness: Harness) throws -> String {
        harness.send(Self.open(value), from: 2)
        harness.turn()
        harness.finish()
        let window = try #require(harness.coordinator.existingWindow(group: "detail", value: .number("\(value)")))
        return window.id.rawValue
    }

    @Test("a reply waits for its commit; the events it caused follow it, numbered per connection")
    func replyWaitsForCommit() throws {
        let harness = Harness()
        harness.send(Self.subscribe, from: 1)
        harness.send(Self.open(1), from: 2)
        #expect(harness.replies(of: 2).isEmpty, "nothing is answered before the change is on disk")
        #expect(harness.events(of: 1).isEmpty)
        harness.turn()
        #expect(harness.inFlight.count == 1)
        harness.finish()
        #expect(harness.replies(of: 2).count == 1 && harness.replies(of: 2)[0].contains(#""created":true"#))
        #expect(harness.events(of: 1) == ["1 window.opened"])
        #expect(harness.settled == 1)

        // A second subscriber counts from its snapshot; the first goes on from its own count.
        harness.send(Self.subscribe, from: 3)
        #expect(harness.replies(of: 3).first?.contains(#""seq":0"#) == true)
        harness.send(Self.open(2), from: 2)
        harness.turn()
        harness.finish()
        #expect(harness.events(of: 1) == ["1 window.opened", "2 window.opened"])
        #expect(harness.events(of: 3) == ["1 window.opened"])
    }

    @Test(
        "a failed commit: state and every subscriber's seq go back to where the clients saw them, the reply is the error, and the daemon's own change made meanwhile survives and is numbered without a gap"
    )
    func failedCommitRollsBack() throws {
        let harness = Harness()
        harness.send(Self.subscribe, from: 1)
        let first = try Self.committedOpen(1, in: harness)
        #expect(harness.events(of: 1) == ["1 window.opened"])
        // Connection 5 presents window 1, committed.
        harness.send(#"{"jsonrpc":"2.0","id":9,"method":"window.attach","params":{"id":"\#(first)"}}"#, from: 5)
        harness.turn()
        if !harness.inFlight.isEmpty { harness.finish() }
        harness.send(Self.subscribe, from: 3)
        let seenBy1 = harness.lastSeq(1)
        let seenBy3 = harness.lastSeq(3)
        let before = harness.events(of: 1)

        // A request's change goes to the store; meanwhile the presenter's connection closes.
        harness.send(Self.open(2), from: 2)
        harness.turn()
        harness.own(.detach(ConnectionID(5), now: 1))
        harness.finish(failure: "No space left on device")

        #expect(harness.rolledBack == 1)
        #expect(harness.replies(of: 2).last?.contains("could not save the change (No space left on device)") == true)
        #expect(harness.coordinator.existingWindow(group: "detail", value: .number("2")) == nil, "the open is undone")
        #expect(harness.coordinator.registry.window(presentedBy: ConnectionID(5)) == nil, "the close is not undone")
        #expect(harness.coordinator.registry.count == 1)
        let after = Array(harness.events(of: 1).dropFirst(before.count))
        #expect(
            after == ["\(seenBy1 + 1) window.phase"],
            "window.opened withdrawn; the detach's event takes its number"
        )
        #expect(harness.events(of: 3) == ["\(seenBy3 + 1) window.phase"])
        #expect(harness.lastSeq(1) == seenBy1 + 1)
        #expect(harness.lastSeq(3) == seenBy3 + 1)

        // The next event on each connection follows without a gap.
        _ = try Self.committedOpenAfterRetry(3, in: harness)
        #expect(harness.seqs(of: 1) == Array(1...(seenBy1 + 2)))
        #expect(harness.seqs(of: 3) == Array(1...(seenBy3 + 2)))
    }

    /// Opens window `value` once the store takes writes again (retrying the daemon's own changes first).
    static func committedOpenAfterRetry(_ value: Int, in harness: Harness) throws -> String {
        harness.retry()
        harness.turn()
        while !harness.inFlight.isEmpty { harness.finish() }
        return try committedOpen(value, in: harness)
    }

    @Test("a subscription taken in a line whose commit fails is dropped with its reply, and its events never count")
    func failedSubscriptionDropped() throws {
        let harness = Harness()
        harness.send(
            #"[{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{}},"#
                + #"{"jsonrpc":"2.0","id":2,"method":"window.open","params":{"group":"detail","value":4}}]"#,
            from: 1
        )
        harness.turn()
        harness.finish(failure: "disk I/O error")
        #expect(harness.subscribers.isEmpty)
        #expect(harness.events(of: 1).isEmpty)
        #expect(harness.lastSeq(1) == 0)
    }

    @Test("replies keep their order: a read that arrives while a change waits for its commit waits behind it")
    func repliesKeepOrder() throws {
        let harness = Harness()
        harness.send(Self.open(1), from: 2)
        harness.send(#"{"jsonrpc":"2.0","id":2,"method":"window.list","params":{}}"#, from: 2)
        #expect(harness.replies(of: 2).isEmpty)
        harness.turn()
        harness.finish()
        let replies = harness.replies(of: 2)
        #expect(replies.count == 2 && replies[0].contains(#""id":1"#) && replies[1].contains(#""id":2"#))
    }

    @Test(
        "a refused commit of the daemon's own changes is kept and retried until the store takes it; no reply is held for it"
    )
    func ownChangeRetried() throws {
        let harness = Harness()
        let window = try Self.committedOpen(1, in: harness)
        harness.send(
            #"{"jsonrpc":"2.0","id":3,"method":"storage.set","params":{"id":"\#(window)","key":"k","value":1}}"#,
            from: 2
        )
        harness.turn()
        harness.finish(failure: "No space left on device")
        #expect(harness.replies(of: 2).last?.contains("could not save") == true)
        #expect(harness.retryScheduled == false, "the request's change is dropped, not retried")

        // The daemon's own change (a restored session discarded, say) that persists is kept.
        let persisted = StateChange.windowCreated(
            StoredWindow(
                id: WindowID.random(),
                group: "detail",
                value: .int(9),
                createdAt: "2026-01-01T00:00:00Z",
                order: 9
            )
        )
        harness.carryOut(harness.machine.performed(changes: [persisted], delivery: nil))
        harness.turn()
        harness.finish(failure: "No space left on device")
        #expect(harness.retryScheduled, "tried again after a pause")
        #expect(harness.rolledBack == 1, "nothing of a request's to undo the second time")
        harness.retry()
        harness.turn()
        #expect(harness.inFlight == [[persisted]])
        harness.finish()
        #expect(harness.isSettled)
    }

    // MARK: - Lifecycle and hand-off

    @Test(
        "SIGUSR2 checks the binary while serving; a second one meanwhile is ignored; a passed check hands off, settling the phase as the daemon's own change; a refused one serves on"
    )
    func upgrade() {
        let harness = Harness()
        #expect(harness.receive(.upgradeAsked) == ["checkBinary"])
        #expect(harness.machine.lifecycle.readsRequests)
        #expect(harness.receive(.upgradeAsked) == ["alreadyUnderWay"], "a second SIGUSR2")
        #expect(harness.receive(.upgradeChecked(refused: true, now: 0)) == ["refused"])
        #expect(harness.machine.lifecycle == .serving)
        harness.receive(.upgradeAsked)
        #expect(
            harness.receive(.upgradeChecked(refused: false, now: 0))
                == ["notifyReloading", "stopReading", "handleHeldInput", "ownChange"]
        )
        let execs = harness.machine.execsUpgrade
        #expect(execs && !harness.machine.lifecycle.readsRequests)
        #expect(harness.receive(.handOffFailed) == ["resumeReading", "armDeadline", "serveOn"])
        #expect(harness.receive(.upgradeAsked) == ["checkBinary"], "the next SIGUSR2 begins anew")
    }

    @Test(
        "a stop that begins during an upgrade's check or hand-off: no exec; the daemon serves until the stop reaches the server, or stops at once if it already did"
    )
    func stopDuringUpgrade() {
        let checking = Harness()
        checking.receive(.upgradeAsked)
        checking.receive(.stopComing)
        #expect(checking.receive(.upgradeChecked(refused: false, now: 0)) == ["abandoned"])
        #expect(checking.receive(.upgradeAsked) == ["stopComing"], "no upgrade begins once a stop has")
        #expect(checking.receive(.stopAsked) == ["now"])

        let handingOff = Harness()
        handingOff.receive(.upgradeAsked)
        handingOff.receive(.upgradeChecked(refused: false, now: 0))
        handingOff.receive(.stopComing)
        let execs = handingOff.machine.execsUpgrade
        #expect(!execs)
        #expect(handingOff.receive(.stopAsked) == ["afterUpgrade"])
        #expect(handingOff.receive(.handOffFailed) == ["resumeReading", "armDeadline", "stopNow"])
        #expect(
            handingOff.receive(.restartHandOff(now: 1))
                == ["notifyStopping", "stopReading", "handleHeldInput", "ownChange"]
        )
        #expect(handingOff.receive(.stopAsked) == ["alreadyUnderWay"])
        handingOff.receive(.handedOver)
        #expect(handingOff.machine.lifecycle.keepsSocket && handingOff.machine.lifecycle.keepsConnections)
    }

    /// A lifecycle state the table starts from, and the events that lead there from `serving`.
    struct LifecycleStart: CustomTestStringConvertible, Sendable {
        let state: DaemonLifecycle
        let path: [Event]
        var testDescription: String { "\(state)" }
    }

    static let upgrading: [Event] = [.upgradeAsked, .upgradeChecked(refused: false, now: 0)]
    static let restarting: [Event] = [.stopAsked, .restartHandOff(now: 0)]

    static let lifecycleStarts = [
        LifecycleStart(state: .serving, path: []),
        LifecycleStart(state: .checkingUpgrade, path: [.upgradeAsked]),
        LifecycleStart(state: .stopComing, path: [.stopComing]),
        LifecycleStart(state: .handingOff(.restart, stop: nil), path: restarting),
        LifecycleStart(state: .handingOff(.upgrade, stop: nil), path: upgrading),
        LifecycleStart(state: .handingOff(.upgrade, stop: .coming), path: upgrading + [.stopComing]),
        LifecycleStart(state: .handingOff(.upgrade, stop: .asked), path: upgrading + [.stopAsked]),
        LifecycleStart(state: .handedOver, path: restarting + [.handedOver]),
        LifecycleStart(state: .stopping, path: [.stopAsked, .stopStarted]),
    ]

    /// What each lifecycle event answers from a state, and the state after; `nil` where the
    /// event cannot come in that state and the machine traps (`preconditionFailure`).
    static func lifecycleRow(
        _ state: DaemonLifecycle
    ) -> [(event: String, Event, (actions: [String], after: DaemonLifecycle)?)] {
        let serves = state.serves
        let checking = state == .checkingUpgrade
        let handOff = ["stopReading", "handleHeldInput", "ownChange"]
        let upgradeStop: DaemonLifecycle.Stop?? = if case .handingOff(.upgrade, let stop) = state { stop } else { nil }
        let upgradeAsked: (actions: [String], after: DaemonLifecycle) =
            switch state {
            case .serving: (["checkBinary"], .checkingUpgrade)
            case .stopComing: (["stopComing"], state)
            default: (["alreadyUnderWay"], state)
            }
        let handOffFailed: (actions: [String], after: DaemonLifecycle)? =
            switch upgradeStop {
            case .none: nil
            case .some(.none): (["resumeReading", "armDeadline", "serveOn"], .serving)
            case .some(.coming): (["resumeReading", "armDeadline", "stopComing"], .stopComing)
            case .some(.asked): (["resumeReading", "armDeadline", "stopNow"], .stopComing)
            }
        let stopComing: DaemonLifecycle =
            switch state {
            case .serving, .checkingUpgrade: .stopComing
            case .handingOff(.upgrade, nil): .handingOff(.upgrade, stop: .coming)
            default: state
            }
        let stopAsked: (actions: [String], after: DaemonLifecycle) =
            if serves {
                (["now"], .stopComing)
            } else if upgradeStop != nil {
                (["afterUpgrade"], .handingOff(.upgrade, stop: .asked))
            } else {
                (["alreadyUnderWay"], state)
            }
        return [
            ("upgradeAsked", .upgradeAsked, upgradeAsked),
            (
                "upgradeChecked(passed)", .upgradeChecked(refused: false, now: 1),
                checking ? (["notifyReloading"] + handOff, .handingOff(.upgrade, stop: nil)) : (["abandoned"], state)
            ),
            (
                "upgradeChecked(refused)", .upgradeChecked(refused: true, now: 1),
                checking ? (["refused"], .serving) : (["abandoned"], state)
            ),
            (
                "restartHandOff", .restartHandOff(now: 1),
                serves ? (["notifyStopping"] + handOff, .handingOff(.restart, stop: nil)) : nil
            ),
            ("handedOver", .handedOver, state == .handingOff(.restart, stop: nil) ? ([], .handedOver) : nil),
            ("handOffFailed", .handOffFailed, handOffFailed),
            ("stopComing", .stopComing, ([], stopComing)),
            ("stopAsked", .stopAsked, stopAsked),
            (
                "stopStarted", .stopStarted,
                serves ? (["notifyStopping", "handleHeldInput", "perform"], .stopping) : nil
            ),
            ("deadlineDue", .deadlineDue(now: 1), (serves ? ["ownChange", "armDeadline"] : [], state)),
        ]
    }

    @Test(
        "every lifecycle event from every lifecycle state: what it answers and where it leads",
        arguments: lifecycleStarts
    )
    func lifecycleTable(start: LifecycleStart) {
        for (name, event, expected) in Self.lifecycleRow(start.state) {
            guard let expected else { continue }
            let harness = Harness()
            for step in start.path { harness.receive(step) }
            #expect(harness.machine.lifecycle == start.state)
            #expect(harness.receive(event) == expected.actions, "\(name) from \(start.state)")
            #expect(harness.machine.lifecycle == expected.after, "\(name) from \(start.state)")
        }
    }

    @Test("the events that cannot come in a lifecycle state trap", arguments: lifecycleStarts.indices)
    func lifecycleTraps(startIndex: Int) async {
        let start = Self.lifecycleStarts[startIndex]
        for (eventIndex, (name, _, expected)) in Self.lifecycleRow(start.state).enumerated() where expected == nil {
            await #expect(processExitsWith: .failure, "\(name) from \(start.state)") {
                [start = startIndex as Int, event = eventIndex as Int] in
                let from = DaemonMachineTests.lifecycleStarts[start]
                let harness = Harness()
                for step in from.path { harness.receive(step) }
                harness.receive(DaemonMachineTests.lifecycleRow(from.state)[event].1)
            }
        }
    }

    // MARK: - Validator and deadline

    static let alice = Session(user: "alice", issuedAt: 0, expiresAt: 1_000)

    /// A coordinator signed in as alice.
    static func signedIn() -> SceneCoordinator { RollbackPointTests.coordinator(signedInAs: alice) }

    @Test(
        "one validate_command in flight: asked again meanwhile, nothing more starts; its verdict goes to loading's end and to the active phase's check"
    )
    func oneValidatorInFlight() {
        let harness = Harness(coordinator: Self.signedIn())
        #expect(harness.coordinator.session == Self.alice)
        #expect(harness.receive(.validationAsked(Self.alice, by: .storedSession)) == ["startValidator(alice)"])
        #expect(harness.receive(.validationAsked(Self.alice, by: .activeSession(Self.alice))).isEmpty)
        #expect(harness.receive(.verdict(.invalid, now: 1)) == ["storedSessionJudged(invalid)", "ownChange"])
        #expect(harness.coordinator.session == nil, "the active phase's check expired the session")
        #expect(
            harness.receive(.validationAsked(Self.alice, by: .activeSession(Self.alice))) == ["startValidator(alice)"]
        )
        #expect(harness.receive(.verdict(.invalid, now: 2)).isEmpty, "no longer the session: nothing expires")
    }

    @Test("a valid verdict expires nothing; the deadline advances the coordinator only while serving")
    func validVerdictAndDeadline() {
        let harness = Harness(coordinator: Self.signedIn())
        harness.receive(.validationAsked(Self.alice, by: .activeSession(Self.alice)))
        #expect(harness.receive(.verdict(.valid, now: 1)).isEmpty)
        #expect(harness.coordinator.session == Self.alice)
        #expect(harness.receive(.deadlineDue(now: 2)) == ["ownChange", "armDeadline"])
        harness.receive(.upgradeAsked)
        harness.receive(.upgradeChecked(refused: false, now: 3))
        #expect(harness.receive(.deadlineDue(now: 4)).isEmpty, "nothing changes while connections are handed over")
        harness.receive(.handOffFailed)
        #expect(harness.receive(.deadlineDue(now: 5)) == ["ownChange", "armDeadline"])
    }

    @Test(
        "the status line: READY=1 once, with the first line; one timer at a time; a line goes out only when it changed"
    )
    func statusLine() {
        let harness = Harness()
        let first = harness.machine.statusLine
        #expect(harness.receive(.readyToServe) == ["notifyReady(\(first))"])
        #expect(harness.receive(.readyToServe).isEmpty, "READY=1 goes out once")
        #expect(harness.receive(.statusMayHaveChanged) == ["armStatusTimer"])
        #expect(harness.receive(.statusMayHaveChanged).isEmpty, "one timer at a time")
        #expect(harness.receive(.statusTimerFired).isEmpty, "the line is still the one READY=1 carried")

        harness.send(Self.open(1), from: 1)
        harness.turn()
        harness.finish()
        let second = harness.machine.statusLine
        #expect(second != first && second.hasPrefix("1 windows"))
        #expect(harness.receive(.statusMayHaveChanged) == ["armStatusTimer"])
        #expect(harness.receive(.statusTimerFired) == ["sendStatus(\(second))"])
        #expect(harness.receive(.statusMayHaveChanged) == ["armStatusTimer"])
        #expect(harness.receive(.statusTimerFired).isEmpty, "sent already")
    }
}

import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

/// The daemon's decisions without its sockets: a ``DaemonMachine`` behind the real router, a
/// store that finishes a transaction when the test says so, and connections that are ids.
@Suite("Daemon machine")
struct DaemonMachineTests {
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

        /// Feeds `input` to the machine and carries out its outputs; returns the actions they asked for.
        @discardableResult
        func receive(_ input: DaemonMachine.Input) -> [String] {
            actions = []
            run(machine.receive(input))
            return actions
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
            let step = machine.handled(changes: outcome.changes, delivery: .response(outcome, pending, to: connection))
            run([DaemonMachine.Output(step.schedule)].compactMap { $0 })
            if let delivery = step.deliverNow { run([.deliver(delivery, undone: nil)]) }
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
            run(machine.receive(.performed(changes: changes, delivery: pending.isEmpty ? nil : .effects(pending))))
            return made
        }

        /// The loop's turn is over: a scheduled transaction goes to the store.
        func turn() {
            guard commitScheduled else { return }
            commitScheduled = false
            run(machine.receive(.commitDue))
        }

        /// The store finishes the oldest transaction.
        func finish(failure: String? = nil) {
            inFlight.removeFirst()
            run(machine.receive(.commitFinished(failure: failure)))
        }

        /// The pause after a refused transaction is over.
        func retry() {
            guard retryScheduled else { return }
            retryScheduled = false
            run(machine.receive(.retryDue))
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

        func run(_ outputs: [DaemonMachine.Output]) {
            for output in outputs {
                switch output {
                case .scheduleCommit: commitScheduled = true
                case .commit(let changes): inFlight.append(changes)
                case .scheduleRetry: retryScheduled = true
                case .deliver(let delivery, let undone): deliver(delivery, undone: undone)
                case .rolledBack: rolledBack += 1
                case .storeFailing, .storeRecovered: break
                case .settled: settled += 1
                case .ownChange(let change):
                    actions.append("ownChange")
                    own(change)
                case .stopReading: actions.append("stopReading")
                case .resumeReading: actions.append("resumeReading")
                case .notifyReloading: actions.append("notifyReloading")
                case .notifyStopping(let handingOver): actions.append("notifyStopping(handingOver: \(handingOver))")
                case .handleHeldInput: actions.append("handleHeldInput")
                case .perform: actions.append("perform")
                case .armDeadline: actions.append("armDeadline")
                case .stopNow: actions.append("stopNow")
                case .stopAfterUpgrade: actions.append("stopAfterUpgrade")
                case .startValidator(let session): actions.append("startValidator(\(session.user))")
                case .storedSessionJudged(let verdict): actions.append("storedSessionJudged(\(verdict))")
                case .notifyReady(let line): actions.append("notifyReady(\(line))")
                case .armStatusTimer: actions.append("armStatusTimer")
                case .sendStatus(let line): actions.append("sendStatus(\(line))")
                }
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
        harness.run(harness.machine.receive(.performed(changes: [persisted], delivery: nil)))
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
        "an upgrade's hand-off stops reading, answers what connections kept, settles the phase as the daemon's own change; a second SIGUSR2 meanwhile changes nothing"
    )
    func upgradeHandOff() {
        let harness = Harness()
        #expect(
            harness.receive(.handOffAsked(.upgrade, now: 0))
                == ["notifyReloading", "stopReading", "handleHeldInput", "ownChange"]
        )
        #expect(harness.machine.lifecycle == .handingOff(.upgrade) && harness.machine.lifecycle.execsUpgrade)
        #expect(!harness.machine.lifecycle.readsRequests && harness.machine.lifecycle.keepsConnections)
        #expect(harness.receive(.handOffAsked(.upgrade, now: 1)).isEmpty, "a second SIGUSR2")
        #expect(harness.receive(.handOffAsked(.restart, now: 1)).isEmpty, "a restart's hand-off meanwhile")
        #expect(harness.machine.lifecycle == .handingOff(.upgrade))
    }

    @Test(
        "a failed upgrade leaves the machine serving and reading again, with its deadline armed; the next SIGUSR2 begins anew"
    )
    func failedUpgrade() {
        let harness = Harness()
        harness.receive(.handOffAsked(.upgrade, now: 0))
        #expect(harness.receive(.handOffFailed) == ["resumeReading", "armDeadline"])
        #expect(harness.machine.lifecycle == .serving && harness.machine.lifecycle.readsRequests)
        #expect(!harness.machine.lifecycle.keepsConnections && !harness.machine.lifecycle.keepsSocket)
        #expect(harness.receive(.handOffAsked(.upgrade, now: 2)).contains("stopReading"))
    }

    @Test("a stop during an upgrade's hand-off: the upgrade execs no more, and its end stops the daemon")
    func stopDuringUpgrade() {
        let harness = Harness()
        harness.receive(.handOffAsked(.upgrade, now: 0))
        #expect(harness.receive(.stopAsked) == ["stopAfterUpgrade"])
        #expect(!harness.machine.lifecycle.execsUpgrade && !harness.machine.lifecycle.readsRequests)
        #expect(harness.receive(.stopAsked) == ["stopAfterUpgrade"], "a second stop waits the same")
        #expect(harness.receive(.handOffFailed) == ["resumeReading", "armDeadline", "stopNow"])
    }

    @Test("a restart's hand-off (a stop with the fd store): the connections and the socket stay for the next process")
    func restartHandOff() {
        let harness = Harness()
        #expect(harness.receive(.stopAsked) == ["stopNow"])
        #expect(
            harness.receive(.handOffAsked(.restart, now: 0))
                == ["notifyStopping(handingOver: true)", "stopReading", "handleHeldInput", "ownChange"]
        )
        #expect(harness.receive(.stopAsked).isEmpty, "already under way")
        #expect(!harness.machine.lifecycle.execsUpgrade)
        harness.receive(.handedOver)
        #expect(harness.machine.lifecycle.keepsSocket && harness.machine.lifecycle.keepsConnections)
        #expect(harness.receive(.handOffAsked(.upgrade, now: 1)).isEmpty)
    }

    @Test("a plain stop tells the clients and reads on to answer them; no hand-off or second stop begins")
    func plainStop() {
        let harness = Harness()
        #expect(harness.receive(.stopAsked) == ["stopNow"])
        #expect(
            harness.receive(.stopStarted) == ["notifyStopping(handingOver: false)", "handleHeldInput", "perform"]
        )
        #expect(harness.machine.lifecycle == .stopping && harness.machine.lifecycle.readsRequests)
        #expect(harness.receive(.handOffAsked(.upgrade, now: 0)).isEmpty)
        #expect(harness.receive(.stopAsked).isEmpty)
    }

    /// A lifecycle state the table starts from, and the inputs that lead there from `serving`.
    struct LifecycleStart: CustomTestStringConvertible, Sendable {
        let state: DaemonLifecycle
        let path: [DaemonMachine.Input]
        var testDescription: String { "\(state)" }
    }

    static let lifecycleStarts = [
        LifecycleStart(state: .serving, path: []),
        LifecycleStart(state: .handingOff(.restart), path: [.handOffAsked(.restart, now: 0)]),
        LifecycleStart(state: .handingOff(.upgrade), path: [.handOffAsked(.upgrade, now: 0)]),
        LifecycleStart(
            state: .handingOff(.upgrade, stopRequested: true),
            path: [.handOffAsked(.upgrade, now: 0), .stopAsked]
        ),
        LifecycleStart(state: .handedOver, path: [.handOffAsked(.restart, now: 0), .handedOver]),
        LifecycleStart(state: .stopping, path: [.stopStarted]),
    ]

    /// What each lifecycle input answers from a state, and the state after; `nil` where the
    /// input cannot come in that state and the machine traps (`preconditionFailure`).
    static func lifecycleRow(
        _ state: DaemonLifecycle
    ) -> [(input: String, DaemonMachine.Input, (outputs: [String], after: DaemonLifecycle)?)] {
        let handOff = ["stopReading", "handleHeldInput", "ownChange"]
        let serving = state == .serving
        let upgrading = state == .handingOff(.upgrade) || state == .handingOff(.upgrade, stopRequested: true)
        let stopAsked: (outputs: [String], after: DaemonLifecycle) =
            switch state {
            case .serving: (["stopNow"], state)
            case .handingOff(.upgrade, _): (["stopAfterUpgrade"], .handingOff(.upgrade, stopRequested: true))
            default: ([], state)
            }
        return [
            (
                "handOffAsked(restart)", .handOffAsked(.restart, now: 1),
                serving ? (["notifyStopping(handingOver: true)"] + handOff, .handingOff(.restart)) : ([], state)
            ),
            (
                "handOffAsked(upgrade)", .handOffAsked(.upgrade, now: 1),
                serving ? (["notifyReloading"] + handOff, .handingOff(.upgrade)) : ([], state)
            ),
            ("handedOver", .handedOver, state == .handingOff(.restart) ? ([], .handedOver) : nil),
            (
                "handOffFailed", .handOffFailed,
                upgrading
                    ? (
                        ["resumeReading", "armDeadline"] + (state == .handingOff(.upgrade) ? [] : ["stopNow"]),
                        .serving
                    ) : nil
            ),
            ("stopAsked", .stopAsked, stopAsked),
            (
                "stopStarted", .stopStarted,
                serving ? (["notifyStopping(handingOver: false)", "handleHeldInput", "perform"], .stopping) : nil
            ),
            ("deadlineDue", .deadlineDue(now: 1), (serving ? ["ownChange", "armDeadline"] : [], state)),
        ]
    }

    @Test(
        "every lifecycle input from every lifecycle state: what it answers and where it leads",
        arguments: lifecycleStarts
    )
    func lifecycleTable(start: LifecycleStart) {
        for (name, input, expected) in Self.lifecycleRow(start.state) {
            guard let expected else { continue }
            let harness = Harness()
            for step in start.path { harness.receive(step) }
            #expect(harness.machine.lifecycle == start.state)
            #expect(harness.receive(input) == expected.outputs, "\(name) from \(start.state)")
            #expect(harness.machine.lifecycle == expected.after, "\(name) from \(start.state)")
        }
    }

    @Test("the inputs that cannot come in a lifecycle state trap", arguments: lifecycleStarts.indices)
    func lifecycleTraps(startIndex: Int) async {
        let start = Self.lifecycleStarts[startIndex]
        for (inputIndex, (name, _, expected)) in Self.lifecycleRow(start.state).enumerated() where expected == nil {
            await #expect(processExitsWith: .failure, "\(name) from \(start.state)") {
                [start = startIndex as Int, input = inputIndex as Int] in
                let from = DaemonMachineTests.lifecycleStarts[start]
                let harness = Harness()
                for step in from.path { harness.receive(step) }
                harness.receive(DaemonMachineTests.lifecycleRow(from.state)[input].1)
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
        harness.receive(.handOffAsked(.upgrade, now: 3))
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

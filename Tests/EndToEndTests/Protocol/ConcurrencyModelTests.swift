import Foundation
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd-protocol(7) (window.open, scene.setPhase, app.transition, events) under concurrency: writers pipeline random operations while
/// subscribers join at random moments; each subscriber's state, rebuilt from its snapshot and
/// events, must end equal to the daemon's own account, and every connection's `seq` is gap-free.
///
/// In the middle, the daemon is upgraded in place (SIGUSR2) a few times under the load: every
/// connection goes on gap-free through one `daemon.restarted` each, the rebuilt states still
/// equal the daemon's, and its open descriptors stay flat from one upgrade to the next. Before
/// the first, upgrades fail: to a binary that is not a program, and (with strace) by an exec
/// that fails once the hand-off is ready; no connection notices either, and at the end kill -9
/// and a start find every window and all storage the daemon held.
///
/// The seed is printed; `WINDOWD_MODEL_SEED` repeats a run (as far as the timing of replies
/// allows) and `WINDOWD_MODEL_OPS` runs more operations (`make soak`).
@Suite("Concurrency model", .timeLimit(.minutes(30)))
struct ConcurrencyModelTests {
    static let writers = 6
    /// Writers 0..<presenters attach as presenters and set their own phase.
    static let presenters = 3
    /// Subscribers' `types`: two take everything, one the windows, one the app and aggregate.
    static let subscriberTypes: [[String]?] = [
        nil, nil, ["window.opened", "window.closed", "window.phase"], ["app.state", "scene.phase"],
    ]
    /// Requests each writer keeps unanswered.
    static let inFlight = 6
    /// SIGUSR2 upgrades in place during the run, evenly spread over the operations.
    static let upgrades = 3

    /// Upgrades that fail before the first that succeeds (where the descriptors the daemon hands
    /// over are not yet on 3, 4, …, as they are in a process an upgrade started).
    static let failedUpgrades: [FailedUpgradeTests.Failure] =
        [.notAProgram] + (SyscallFaultInjector.isAvailable ? [.execFails] : [])

    @Test(
        "6 writers pipeline random operations, 4 subscribers join at random moments, 3 SIGUSR2 upgrades and failed ones before them: each rebuilt state equals the daemon's, every seq is gap-free, descriptors stay flat"
    )
    func writersAndSubscribers() throws {
        let seed = SeededGenerator.seed(from: "WINDOWD_MODEL_SEED")
        let operations = SeededGenerator.count(from: "WINDOWD_MODEL_OPS", default: 3_000)
        print("ConcurrencyModelTests: WINDOWD_MODEL_SEED=\(seed) WINDOWD_MODEL_OPS=\(operations)")
        var random = SeededGenerator(seed: seed)
        let directory = try TemporaryDirectory()
        let (daemon, binary) = try FailedUpgradeTests.startFromCopy(
            in: directory,
            config: TestConfig.text(daemon: ["outbound_hard_bytes = 67108864"])
        )
        defer { daemon.stop() }

        let writers = try (0..<Self.writers).map { index in
            let peer = ModelPeer(
                name: "writer \(index)",
                role: .writer(presenter: index < Self.presenters),
                client: try daemon.client(),
                seed: random.next()
            )
            peer.operationsLeft = operations / Self.writers
            return peer
        }
        let subscribers = try Self.subscriberTypes.enumerated().map { index, types in
            ModelPeer(
                name: "subscriber \(index) \(types.map { "\($0)" } ?? "(all)")",
                role: .subscriber(types: types, at: Int.random(in: 0..<operations, using: &random)),
                client: try daemon.client(),
                seed: random.next()
            )
        }
        let observer = ModelPeer(name: "observer", role: .observer, client: try daemon.client(), seed: 0)
        let peers = writers + subscribers + [observer]

        let started = ContinuousClock.now
        let deadline = Deadline(TestTiming.scaled(.seconds(60) + .milliseconds(20 * operations)))
        var sent = 0
        // Upgrade k is sent once a k-th of the operations is out and every peer saw upgrade k - 1;
        // the descriptors are counted once every peer saw it (the first upgrade sheds what the
        // daemon inherited from the test runner, so the counts from then on must be equal).
        let upgradeAt = (1...Self.upgrades).map { operations * $0 / (Self.upgrades + 1) }
        var upgradesSent = 0
        var descriptorCounts: [Int] = []
        let failAt = Self.failedUpgrades.indices.map { upgradeAt[0] * ($0 + 1) / (Self.failedUpgrades.count + 1) }
        var failing: FailingUpgrade?
        var failuresDone = 0
        while true {
            let restartsSeen = peers.map(\.restarts).min() ?? 0
            if descriptorCounts.count < restartsSeen {
                descriptorCounts.append(OpenDescriptors(of: daemon.pid).count)
            }
            if let current = failing, try current.isOver() {
                failing = nil
                failuresDone += 1
            }
            if failing == nil, failuresDone < Self.failedUpgrades.count, sent >= failAt[failuresDone], upgradesSent == 0
            {
                failing = try FailingUpgrade(
                    Self.failedUpgrades[failuresDone],
                    daemon: daemon,
                    binary: binary,
                    directory: directory
                )
            }
            if upgradesSent < Self.upgrades, sent >= upgradeAt[upgradesSent], restartsSeen == upgradesSent,
                failing == nil, failuresDone == Self.failedUpgrades.count
            {
                kill(daemon.pid, SIGUSR2)
                upgradesSent += 1
            }
            for writer in writers where writer.operationsLeft > 0 && writer.pending.count < Self.inFlight {
                try writer.sendOperation()
                writer.operationsLeft -= 1
                sent += 1
            }
            for subscriber in subscribers where !subscriber.subscribeSent {
                if case .subscriber(_, let at) = subscriber.role, sent >= at { try subscriber.subscribe() }
            }
            let settled =
                writers.allSatisfy { ($0.operationsLeft == 0 && $0.pending.isEmpty) || $0.closed }
                && subscribers.allSatisfy { ($0.subscribeSent && $0.pending.isEmpty) || $0.closed }
                && descriptorCounts.count == Self.upgrades && failuresDone == Self.failedUpgrades.count
            if settled { break }
            if deadline.hasPassed {
                throw TestFailure("the model run did not settle in time: \(sent) of \(operations) sent")
            }
            let canSend = writers.contains { $0.operationsLeft > 0 && $0.pending.count < Self.inFlight }
            try Self.readReady(peers, waitMilliseconds: canSend ? 0 : 50)
        }
        let elapsed = ContinuousClock.now - started

        // A fall of the aggregate is announced once it has held for phase_settle_ms (150): let it.
        usleep(300_000)
        // Everything is answered, so every event is queued: SIGHUP's daemon.reloaded, sent to
        // everyone, comes after all of them on every connection.
        kill(daemon.pid, SIGHUP)
        let barrier = Deadline(TestTiming.scaled(.seconds(20)))
        while !peers.allSatisfy({ $0.sawBarrier || $0.closed }) {
            if barrier.hasPassed {
                throw TestFailure("daemon.reloaded did not reach \(peers.filter { !$0.sawBarrier }.map(\.name))")
            }
            try Self.readReady(peers, waitMilliseconds: 50)
        }

        descriptorCounts.append(OpenDescriptors(of: daemon.pid).count)
        #expect(
            Set(descriptorCounts).count == 1,
            "open descriptors after each upgrade and at the end: \(descriptorCounts)"
        )
        #expect(
            peers.allSatisfy { $0.restarts == Self.upgrades || $0.closed },
            "restarts seen: \(peers.map(\.restarts))"
        )
        #expect(daemon.process.poll() == nil, "the same process goes on")

        let truth = try Self.truth(from: observer.client)
        for subscriber in subscribers {
            guard let rebuilt = subscriber.rebuilt else { continue }
            for difference in rebuilt.differences(from: truth) { subscriber.problem("at the end: \(difference)") }
        }
        for peer in peers where peer.problemCount > 0 {
            Issue.record(
                "\(peer.name): \(peer.problemCount) problems, the first:\n\(peer.problems.joined(separator: "\n"))"
            )
        }
        try Self.expectDurable(truth, of: daemon, in: directory)
        let outcomes = writers.reduce(into: [String: Int]()) { all, writer in
            all.merge(writer.outcomes, uniquingKeysWith: +)
        }
        print(
            "ConcurrencyModelTests: \(Self.upgrades) upgrades and failed ones \(Self.failedUpgrades), open descriptors \(descriptorCounts); \(sent) operations in \(elapsed); replies \(outcomes.sorted { $0.key < $1.key }); "
                + "events per subscriber \(subscribers.map(\.eventCount)); \(truth.windows.count) windows at the end, app \(truth.appState), aggregate \(truth.aggregate)"
        )
    }

    /// Everything the daemon acknowledged is durable, upgrades failed or not: after kill -9 and
    /// a start, the same windows (ids, groups, values) with the same storage.
    static func expectDurable(
        _ truth: RebuiltState.Truth,
        of daemon: DaemonProcess,
        in directory: TemporaryDirectory
    ) throws {
        let reader = try daemon.client()
        var storage: [String: JSONValue] = [:]
        for id in truth.windows.keys {
            storage[id] = try reader.call("storage.get", #"{"id":"\#(id)"}"#)["storage"]
        }
        try CrashRestoreTests.kill9(daemon)
        let restarted = try CrashRestoreTests.restart(
            in: directory,
            config: TestConfig.text(daemon: ["outbound_hard_bytes = 67108864"]),
            name: "restarted"
        )
        defer { restarted.stop() }
        let probe = try restarted.client()
        let listed = try probe.rawCall("window.list").result?["windows"]?.array ?? []
        let restored = Dictionary(
            listed.map { ($0["id"]?.string ?? "?", "\($0["group"]?.string ?? "?") \($0["value"]?.text ?? "?")") },
            uniquingKeysWith: { first, _ in first }
        )
        #expect(
            restored == truth.windows.mapValues { "\($0.group) \($0.value)" },
            "the windows after kill -9 and a start"
        )
        for (id, stored) in storage {
            let after = try probe.call("storage.get", #"{"id":"\#(id)"}"#)["storage"]
            #expect(after == stored, "the storage of \(id) after kill -9 and a start")
        }
    }

    /// Polls every open connection for up to `waitMilliseconds` and handles what is ready.
    static func readReady(_ peers: [ModelPeer], waitMilliseconds: Int32) throws {
        let open = peers.filter { !$0.closed }
        var descriptors = open.map { pollfd(fd: $0.client.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds)
        if ready < 0, errno != EINTR { throw TestFailure.system("poll") }
        for (peer, descriptor) in zip(open, descriptors) where descriptor.revents != 0 {
            try peer.readReady()
        }
    }

    /// `window.list`, `app.state` and `scene.phase`, asked once nothing moves any more; checked against each other.
    static func truth(from client: RawClient) throws -> RebuiltState.Truth {
        let list = try client.rawCall("window.list", id: 1_000_001)
        let state = try client.rawCall("app.state", id: 1_000_002)
        let phase = try client.rawCall("scene.phase", id: 1_000_003)
        var windows: [String: RebuiltState.Window] = [:]
        for window in list.result?["windows"]?.array ?? [] {
            windows[window["id"]?.string ?? "?"] = RebuiltState.Window(window)
        }
        var phases: [String: String] = [:]
        for member in phase.result?["windows"]?.members ?? [] { phases[member.key] = member.value.string }
        let truth = RebuiltState.Truth(
            windows: windows,
            appState: RebuiltState.canonical(state.result?["state"]),
            aggregate: phase.result?["aggregate"]?.string ?? "?",
            phases: phases
        )
        #expect(
            truth.phases == truth.windows.mapValues(\.phase),
            "scene.phase and window.list agree on every window's phase"
        )
        let phaseSet = Set(truth.phases.values)
        let aggregate =
            phaseSet.contains("active") ? "active" : phaseSet.contains("inactive") ? "inactive" : "background"
        #expect(
            truth.aggregate == aggregate,
            "the aggregate follows from the windows' phases (active if any is, background only if all are)"
        )
        #expect(
            truth.windows.values.allSatisfy { $0.attached || $0.phase == "background" },
            "a window without presenter is background"
        )
        return truth
    }
}

/// An upgrade made to fail (``FailedUpgradeTests/Failure``) while the model runs: begun at
/// once, over when the daemon says it serves on; then the binary is windowd again.
final class FailingUpgrade {
    private let daemon: DaemonProcess
    private let binary: String
    private let logged: Int
    private var injector: SyscallFaultInjector?

    init(
        _ failure: FailedUpgradeTests.Failure,
        daemon: DaemonProcess,
        binary: String,
        directory: TemporaryDirectory
    ) throws {
        self.daemon = daemon
        self.binary = binary
        logged = daemon.log.components(separatedBy: "serving on").count
        switch failure {
        case .notAProgram:
            try FailedUpgradeTests.replaceWithNonProgram(binary)
        case .execFails:
            injector = try SyscallFaultInjector(
                pid: daemon.pid,
                call: "execve",
                fault: "error=ENOEXEC",
                threads: { $0.hasPrefix("NIO-ELT-") },
                following: false,
                log: directory.file("strace.err")
            )
        }
        daemon.process.signal(SIGUSR2)
    }

    /// Whether the daemon said it serves on; then the next upgrade finds windowd again.
    func isOver() throws -> Bool {
        if let ended = daemon.process.poll() {
            throw TestFailure("windowd died of a failed upgrade (\(ended)); its log:\n\(daemon.log)")
        }
        guard daemon.log.components(separatedBy: "serving on").count > logged else { return false }
        injector?.stop()
        unlink(binary)
        try FileManager.default.copyItem(atPath: Binaries.windowd, toPath: binary)
        return true
    }
}

// MARK: - The operations

extension ModelPeer {
    /// A window of the model: a group and a value as the daemon shows it, and the forms it may be sent in.
    struct Target {
        let group: String
        let value: String
        let forms: [String]
        var key: String { "\(group) \(value)" }
    }

    static let orders = [
        "0f9a4c52-3b7e-4d1a-9c6e-2b8d7f1a5e30", "5c1e8b27-9d4f-4a63-8e2b-7f0c3d9a1b64",
        "a7d3f019-6c2e-4b58-b1e4-3c9f8a2d0e75", "e2b94d61-0a7f-4c3e-8d15-9b6a2f4c7e08",
    ]
    static let targets: [String: [Target]] = [
        "detail": (0..<30).map { Target(group: "detail", value: "\($0)", forms: ["\($0)", "\"\($0)\""]) },
        "notes": (0..<15).map { Target(group: "notes", value: "\"n\($0)\"", forms: ["\"n\($0)\""]) },
        "main": [Target(group: "main", value: "null", forms: ["null"])],
        "orders": orders.map {
            Target(group: "orders", value: "\"\($0)\"", forms: ["\"\($0)\"", "\"\($0.uppercased())\""])
        },
    ]
    static let phases = ["active", "inactive", "background"]
    static let states = [
        #"{"state":"loading"}"#, #"{"state":"unauthenticated"}"#, #"{"state":"unauthenticated"}"#,
        #"{"state":"onboarding","step":"welcome"}"#, #"{"state":"onboarding","step":"permissions"}"#,
        #"{"state":"onboarding","step":"profileSetup"}"#, #"{"state":"onboarding","step":"complete"}"#,
        #"{"state":"authenticated","user":"alice"}"#, #"{"state":"authenticated","user":"alice"}"#,
        #"{"state":"authenticated","user":"bob"}"#,
        #"{"state":"error","error":"networkUnavailable"}"#, #"{"state":"error","error":"sessionExpired"}"#,
        #"{"state":"error","error":"maintenanceMode"}"#,
    ]

    func roll() -> Int { Int.random(in: 0..<100, using: &random) }

    func target() -> Target {
        let roll = roll()
        let group = roll < 40 ? "detail" : roll < 70 ? "notes" : roll < 80 ? "main" : "orders"
        return Self.targets[group]!.randomElement(using: &random)!
    }

    /// The id of a random target's window if this writer knows it, else an id no window has.
    func someID() -> String {
        let target = target()
        if let id = known[target.key] { return id }
        let digits = String(UInt64.random(in: 0..<1_000_000_000_000, using: &random))
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }

    /// Chooses and sends one operation.
    func sendOperation() throws {
        let roll = roll()
        if isPresenterWriter && roll >= 80 { return try sendPresenterOperation() }
        switch roll {
        case 0..<30, 80..<100:
            let target = target()
            try send(
                "window.open",
                #"{"group":"\#(target.group)","value":\#(target.forms.randomElement(using: &random)!)}"#,
                expected: ["key": target.key]
            )
        case 30..<38:
            try send("window.close", #"{"id":"\#(someID())"}"#)
        case 38..<44:
            try send("window.focus", #"{"id":"\#(someID())"}"#)
        case 44..<54:
            let phase = Self.phases.randomElement(using: &random)!
            try send("scene.setPhase", #"{"id":"\#(someID())","phase":"\#(phase)"}"#, expected: ["phase": phase])
        case 54..<62:
            let key = "k\(Int.random(in: 0..<4, using: &random))"
            let value = self.roll() < 50 ? "\(Int.random(in: -1_000...1_000, using: &random))" : "\"s\(self.roll())\""
            try send(
                "storage.set",
                #"{"id":"\#(someID())","key":"\#(key)","value":\#(value)}"#,
                expected: ["key": key, "value": value]
            )
        case 62..<66:
            try send("storage.remove", #"{"id":"\#(someID())","key":"k\#(Int.random(in: 0..<4, using: &random))"}"#)
        case 66..<76:
            let state = Self.states.randomElement(using: &random)!
            try send(
                "app.transition",
                #"{"to":\#(state)}"#,
                expected: ["state": RebuiltState.canonical(try RawJSON.parse(state))]
            )
        default:
            let query = [
                ("window.list", "{}"), ("app.state", "{}"), ("scene.phase", "{}"), ("daemon.status", "{}"),
                ("storage.get", #"{"id":"\#(someID())"}"#),
            ]
            .randomElement(using: &random)!
            try send(query.0, query.1)
        }
    }

    /// A presenter's own operations: attach when it presents nothing, else set its phase, detach, or write its storage.
    func sendPresenterOperation() throws {
        let roll = roll()
        guard let window = presenting else {
            let takeover = roll < 30 ? #","takeover":true"# : ""
            let phase = self.roll() < 70 ? Self.phases.randomElement(using: &random)! : nil
            let phaseMember = phase.map { #","phase":"\#($0)""# } ?? ""
            if self.roll() < 50 {
                let target = target()
                let value = target.forms.randomElement(using: &random)!
                try send(
                    "window.attach",
                    #"{"group":"\#(target.group)","value":\#(value)\#(takeover)\#(phaseMember)}"#,
                    expected: ["key": target.key, "phase": phase ?? "active"]
                )
            } else {
                try send(
                    "window.attach",
                    #"{"id":"\#(someID())"\#(takeover)\#(phaseMember)}"#,
                    expected: ["phase": phase ?? "active"]
                )
            }
            return
        }
        switch roll {
        case 0..<55:
            let phase = Self.phases.randomElement(using: &random)!
            try send("scene.setPhase", #"{"id":"\#(window)","phase":"\#(phase)"}"#, expected: ["phase": phase])
        case 55..<75:
            try send("window.detach", "{}")
        default:
            try send(
                "storage.set",
                #"{"id":"\#(window)","key":"ui.panel","value":\#(roll)}"#,
                expected: ["key": "ui.panel", "value": "\(roll)"]
            )
        }
    }
}

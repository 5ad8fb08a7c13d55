import Testing
import WindowEngine
import WindowProtocol

/// A presenter kept across a restart of windowd: gone for good, stopped, or running and not
/// attached again yet; and what that means to an open or attach of its window.
@Suite("Presenter processes")
struct PresenterProcessTests {
    static let boot = "6f1c0a52-8d2e-4c55-9b0e-3e1f2a7d9c10"

    /// A `/proc/PID/stat` line with `state` and start time `start`, its command `command`.
    static func stat(_ state: Character, start: UInt64, command: String = "winctl") -> String {
        "4242 (\(command)) \(state) 1 4242 4242 34816 4242 4194560 170 0 0 0 1 0 0 0 20 0 1 0 \(start) 9437184 512 "
            + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n"
    }

    static let kept = PresenterProcess(pid: 4242, startTime: 777, bootID: boot)

    @Test("the start time is field 22, counted after the command, which may hold spaces and parentheses")
    func readsStat() {
        #expect(PresenterProcess(pid: 4242, bootID: Self.boot, stat: Self.stat("S", start: 777)) == Self.kept)
        let odd = Self.stat("S", start: 777, command: "a) b (c")
        #expect(PresenterProcess(pid: 4242, bootID: Self.boot, stat: odd) == Self.kept)
        #expect(PresenterProcess(pid: 4242, bootID: Self.boot, stat: "4242 (x) S 1") == nil)
    }

    @Test("another boot, no such pid and a pid reused by a later process are gone")
    func gone() {
        #expect(Self.kept.state(bootID: "another", stat: Self.stat("T", start: 777)) == .gone)
        #expect(Self.kept.state(bootID: Self.boot, stat: nil) == .gone)
        #expect(Self.kept.state(bootID: Self.boot, stat: Self.stat("S", start: 900)) == .gone)
        #expect(Self.kept.state(bootID: Self.boot, stat: "garbage") == .gone)
    }

    @Test("state T or t is stopped; any other state is running, not attached again yet")
    func stoppedOrRunning() {
        #expect(Self.kept.state(bootID: Self.boot, stat: Self.stat("T", start: 777)) == .stopped)
        #expect(Self.kept.state(bootID: Self.boot, stat: Self.stat("t", start: 777)) == .stopped)
        for state: Character in ["R", "S", "D"] {
            #expect(Self.kept.state(bootID: Self.boot, stat: Self.stat(state, start: 777)) == .running)
        }
    }

    @Test("the store's text form round-trips; anything else is no process")
    func text() {
        #expect(PresenterProcess(text: Self.kept.text) == Self.kept)
        #expect(PresenterProcess(text: "") == nil)
        #expect(PresenterProcess(text: "x 1 b") == nil)
    }

    /// A coordinator with one `detail` window for 42 restored, its last presenter `kept`.
    static func restored() -> SceneCoordinator {
        let groups = [WindowGroup(id: "detail", valueType: .int, command: ["winctl", "attach", "{id}"])]
        var coordinator = SceneCoordinator(groups: groups, limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100))
        let stored = StoredWindow(
            id: WindowID.random(),
            group: "detail",
            value: .int(42),
            createdAt: "2026-12-04T18:00:00Z",
            order: 0,
            presenter: kept
        )
        let state = StoredState(windows: [stored])
        coordinator.restore(RestoreValidator.validate(state, groups: ["detail": groups[0]], now: 0).windows)
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        return coordinator
    }

    @Test(
        "after a restart an open starts nothing while the last presenter is stopped or running, and starts it again once gone",
        arguments: [
            (PresenterProcess.State.stopped, OpenOutcome.stopped),
            (.running, .reattaching),
            (.gone, .relaunched),
        ]
    )
    func openAfterRestart(state: PresenterProcess.State, outcome: OpenOutcome) throws {
        var coordinator = Self.restored()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let opened = try coordinator.open(group: "detail", value: .int(42), now: 1, ids: &ids, effects: &effects) {
            #expect($0 == Self.kept)
            return state
        }
        #expect(opened.outcome == outcome)
        #expect(opened.command.isEmpty == (outcome != .relaunched))
        #expect(opened.window.info.pid == 4242)
    }

    @Test("after a restart only the last presenter attaches while it is not gone, and keeps its window")
    func attachAfterRestart() throws {
        var coordinator = Self.restored()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let id = coordinator.registry.list(group: nil)[0].id
        var other = AttachRequest(target: .value(group: "detail", value: .int(42)))
        other.process = PresenterProcess(pid: 99, startTime: 5, bootID: Self.boot)
        #expect(throws: Refusal.self) {
            try coordinator.attach(other, connection: ConnectionID(7), now: 1, ids: &ids, effects: &effects) { _ in
                .stopped
            }.window
        }
        var same = AttachRequest(target: .id(id.rawValue))
        same.process = Self.kept
        let window = try coordinator.attach(same, connection: ConnectionID(8), now: 2, ids: &ids, effects: &effects) {
            _ in .running
        }.window
        #expect(window.id == id && window.presenter == ConnectionID(8) && window.awaited == nil)
        #expect(effects.contains(.persist(.windowAttached(id, at: 2, presenter: Self.kept))))
        var taken = AttachRequest(target: .value(group: "detail", value: .int(42)))
        taken.process = other.process
        var gone = Self.restored()
        let again = try gone.attach(taken, connection: ConnectionID(9), now: 3, ids: &ids, effects: &effects) { _ in
            .gone
        }.window
        #expect(again.process == other.process && again.info.pid == 99)
    }
}

import Testing
import WindowEngine
import WindowProtocol

/// After the user's own restart, which windows come back, in what order, and never twice.
@Suite("Windows come back")
struct WindowsComeBackTests {
    static let boot = "6f1c0a52-8d2e-4c55-9b0e-3e1f2a7d9c10"
    static let groups = [
        WindowGroup(id: "file", valueType: .string, command: ["winctl", "run", "file", "{value}", "--", "vim"]),
        WindowGroup(id: "log", valueType: .string, command: ["less", "{value}"], relaunch: .atLogin),
        WindowGroup(id: "scratch", valueType: .string, command: ["vi", "{value}"], restore: false),
        WindowGroup(id: "main", valueType: .none),
    ]

    /// A `/proc/PID/stat` line of a process in `state` started at tick 777.
    static func stat(_ state: Character) -> String {
        "4242 (winctl) \(state) 1 4242 4242 34816 4242 4194560 170 0 0 0 1 0 0 0 20 0 1 0 777 9437184 512 "
            + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n"
    }

    /// A window of `group` for `value`, last active at `active`, its last presenter process `pid`.
    static func stored(_ group: String, _ value: String?, pid: Int32, active: String?, order: UInt64) -> StoredWindow {
        StoredWindow(
            id: .random(),
            group: group,
            value: value.map(JSONValue.string) ?? .null,
            createdAt: "2026-12-04T18:00:00Z",
            order: order,
            presenter: PresenterProcess(pid: pid, startTime: 777, bootID: boot),
            place: Place(kind: .tmux, socket: "/tmp/tmux-1000/default", pane: "%\(pid)", name: "work", window: "2"),
            lastActiveAt: active
        )
    }

    /// A coordinator whose windows were loaded from `stored`, as after windowd started again.
    static func restarted(_ stored: [StoredWindow], maxLaunches: Int = 8, at now: Double = 0) -> SceneCoordinator {
        var coordinator = SceneCoordinator(
            groups: groups,
            limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100, maxLaunchesInFlight: maxLaunches)
        )
        let byID = Dictionary(uniqueKeysWithValues: groups.map { ($0.id, $0) })
        coordinator.restore(RestoreValidator.validate(StoredState(windows: stored), groups: byID, now: now).windows)
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        return coordinator
    }

    /// What each kept presenter is now: pid 1 stopped, 2 running and not attached yet, 3 from
    /// this boot but ended, any other from the boot before.
    static func probe(_ process: PresenterProcess) -> PresenterProcess.State {
        let stats: [Int32: String] = [1: stat("T"), 2: stat("S")]
        return process.state(bootID: process.pid <= 3 ? boot : "a-new-boot", stat: stats[process.pid])
    }

    /// What a `window.restore` of `groups` answers, the kept presenters as ``probe(_:)`` says.
    static func restore(
        _ coordinator: inout SceneCoordinator,
        groups: [String] = [],
        atLogin: Bool = false,
        dryRun: Bool,
        now: Double
    ) throws(Refusal) -> [OpenResult] {
        var effects: [Effect] = []
        return try coordinator.restore(
            groups: groups,
            atLogin: atLogin,
            dryRun: dryRun,
            now: now,
            effects: &effects,
            probe: probe
        )
    }

    @Test("only a window whose presenter is gone comes back; a stopped one or one not attached again yet is left alone")
    func onlyGone() throws {
        let stopped = Self.stored("file", "/a", pid: 1, active: "2026-12-05T10:00:00.000Z", order: 0)
        let running = Self.stored("file", "/b", pid: 2, active: "2026-12-05T10:00:01.000Z", order: 1)
        let ended = Self.stored("file", "/c", pid: 3, active: "2026-12-05T10:00:02.000Z", order: 2)
        let rebooted = Self.stored("file", "/d", pid: 4, active: "2026-12-05T10:00:03.000Z", order: 3)
        var coordinator = Self.restarted([stopped, running, ended, rebooted])
        let results = try Self.restore(&coordinator, dryRun: false, now: 1)
        #expect(results.map(\.window.id) == [stopped.id, running.id, ended.id, rebooted.id])
        #expect(results.map(\.outcome) == [.stopped, .reattaching, .relaunched, .relaunched])
        #expect(results[2].command == ["winctl", "run", "file", "/c", "--", "vim"])
        #expect(results[0].command.isEmpty && results[1].command.isEmpty)
        #expect(results[3].window.info.lastPlace?.name == "work" && results[3].window.info.lastPlace?.window == "2")
    }

    @Test("the least recently active comes back first and the most recent last, so that it ends in front")
    func order() throws {
        let never = Self.stored("file", "/never", pid: 9, active: nil, order: 0)
        let latest = Self.stored("file", "/latest", pid: 9, active: "2026-12-05T11:00:00.500Z", order: 1)
        let earliest = Self.stored("log", "/earliest", pid: 9, active: "2026-12-05T09:59:59.000Z", order: 2)
        let middle = Self.stored("file", "/middle", pid: 9, active: "2026-12-05T11:00:00.250Z", order: 3)
        var coordinator = Self.restarted([never, latest, earliest, middle])
        let results = try Self.restore(&coordinator, dryRun: true, now: 1)
        #expect(results.map(\.window.id) == [never.id, earliest.id, middle.id, latest.id])
    }

    @Test(
        "a window active when windowd was killed comes back after those that stopped being active before it went away"
    )
    func activeAtKill() throws {
        var killed = Self.stored("file", "/killed", pid: 9, active: "2026-12-05T10:00:00.000Z", order: 0)
        killed.active = true
        let later = Self.stored("file", "/later", pid: 9, active: "2026-12-05T10:00:05.000Z", order: 1)
        var coordinator = Self.restarted([killed, later], at: 1_796_515_200)
        let results = try Self.restore(&coordinator, dryRun: true, now: 1_796_515_201)
        #expect(results.map(\.window.id) == [later.id, killed.id], "the most recent last, in front")
    }

    @Test("a presenter a graceful restart hands over keeps its phase, and the store hears again that it is active")
    func handedOver() {
        var active = Self.stored("file", "/active", pid: 9, active: "2026-12-05T10:00:00.000Z", order: 0)
        active.active = true
        let inactive = Self.stored("file", "/inactive", pid: 9, active: "2026-12-05T10:00:01.000Z", order: 1)
        var coordinator = Self.restarted([active, inactive], at: 1_796_515_200)
        var effects: [Effect] = []
        #expect(
            coordinator.resumePresenter(
                active.id.rawValue,
                connection: ConnectionID(1),
                phase: .active,
                effects: &effects
            )
        )
        #expect(
            coordinator.resumePresenter(
                inactive.id.rawValue,
                connection: ConnectionID(2),
                phase: .inactive,
                effects: &effects
            )
        )
        #expect(effects == [.persist(.windowActive(active.id, at: "2026-12-06T00:00:00.000Z", active: true))])
        let windows = coordinator.registry.list()
        #expect(windows.map(\.phase) == [.active, .inactive])
        #expect(windows.map(\.lastActiveAt) == ["2026-12-06T00:00:00.000Z", "2026-12-05T10:00:01.000Z"])
    }

    @Test("never twice: a second restore starts nothing while the first ones are awaited, and a dry run starts nothing")
    func neverTwice() throws {
        let one = Self.stored("file", "/one", pid: 9, active: nil, order: 0)
        let two = Self.stored("log", "/two", pid: 9, active: nil, order: 1)
        var coordinator = Self.restarted([one, two])
        let dry = try Self.restore(&coordinator, dryRun: true, now: 1)
        #expect(dry.map(\.outcome) == [.detached, .detached] && dry.allSatisfy(\.command.isEmpty))
        let first = try Self.restore(&coordinator, dryRun: false, now: 2)
        #expect(first.map(\.outcome) == [.relaunched, .relaunched])
        let second = try Self.restore(&coordinator, dryRun: false, now: 3)
        #expect(second.map(\.outcome) == [.launching, .launching] && second.allSatisfy(\.command.isEmpty))
        var ids = WindowIDSource(seed: 1)
        var effects: [Effect] = []
        var attach = AttachRequest(target: .id(one.id.rawValue))
        attach.process = PresenterProcess(pid: 50, startTime: 1, bootID: Self.boot)
        _ = try coordinator.attach(attach, connection: ConnectionID(5), now: 4, ids: &ids, effects: &effects) { _ in
            .gone
        }
        let third = try Self.restore(&coordinator, dryRun: false, now: 5)
        #expect(third.map(\.window.id) == [two.id], "a window presented again is no longer detached")
    }

    @Test("launches stay within the launch bound: past it a window is left detached")
    func launchBound() throws {
        let windows = (0..<3).map { Self.stored("file", "/\($0)", pid: 9, active: nil, order: UInt64($0)) }
        var coordinator = Self.restarted(windows, maxLaunches: 2)
        let results = try Self.restore(&coordinator, dryRun: false, now: 1)
        #expect(results.map(\.outcome) == [.relaunched, .relaunched, .detached])
    }

    @Test(
        "groups named, at login only relaunch = at-login ones; a group that starts no presenter never; an unknown group is refused"
    )
    func which() throws {
        let file = Self.stored("file", "/f", pid: 9, active: nil, order: 0)
        let log = Self.stored("log", "/l", pid: 9, active: nil, order: 1)
        let main = Self.stored("main", nil, pid: 9, active: nil, order: 2)
        var coordinator = Self.restarted([file, log, main])
        let named = try Self.restore(&coordinator, groups: ["file"], dryRun: true, now: 1)
        #expect(named.map(\.window.id) == [file.id])
        let atLogin = try Self.restore(&coordinator, atLogin: true, dryRun: true, now: 1)
        #expect(atLogin.map(\.window.id) == [log.id])
        #expect(throws: Refusal.self) {
            try Self.restore(&coordinator, groups: ["nope"], dryRun: true, now: 1)
        }
    }
}

import Testing
import WindowCore
import WindowProtocol

/// SPEC sections 2 and 13: `open` says what it did, a window with no presenter is started
/// again rather than "brought to front", and a presenter's place is part of its window.
@Suite("Open outcomes and places")
struct OpenOutcomeTests {
    static let groups = [
        WindowGroup(id: "main", valueType: .none),
        WindowGroup(id: "detail", valueType: .int, command: ["winctl", "attach", "{id}"]),
        WindowGroup(id: "pinned", valueType: .int, command: ["orders", "{value}"], launch: ["/usr/bin/launcher", "{id}", "{value}"]),
    ]
    static let tmux = Place(kind: .tmux, socket: "/tmp/tmux-0/default", pane: "%3", outer: Place(kind: .kitty, listenOn: "unix:/tmp/k", windowID: "2"))

    func coordinator() -> SceneCoordinator {
        var coordinator = SceneCoordinator(groups: Self.groups, limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100))
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        return coordinator
    }

    @Test("a new window returns the group's command for the opener, substituted; the daemon launches nothing")
    func createdReturnsCommand() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let opened = try coordinator.open(group: "detail", value: .int(42), now: 1, ids: &ids, effects: &effects)
        #expect(opened.outcome == .created && opened.created)
        #expect(opened.command == ["winctl", "attach", opened.window.id.rawValue])
        #expect(!effects.contains { if case .launch = $0 { true } else { false } })
    }

    @Test("a group's launch override is run by the daemon, and nothing is left for the opener")
    func launchOverride() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let opened = try coordinator.open(group: "pinned", value: .int(7), now: 1, ids: &ids, effects: &effects)
        #expect(opened.command.isEmpty)
        #expect(effects.contains(.launch(arguments: ["/usr/bin/launcher", opened.window.id.rawValue, "7"], window: opened.window.id)))
    }

    @Test("a second open while the presenter just started is on its way starts nothing more; past the grace, or once one came and went, it relaunches")
    func secondOpenWaitsForTheStartedPresenter() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(group: "detail", value: .int(9), now: 10, ids: &ids, effects: &effects)
        #expect(first.outcome == .created && !first.command.isEmpty)
        let twice = try coordinator.open(group: "detail", value: .int(9), now: 10.2, ids: &ids, effects: &effects)
        #expect(twice.outcome == .focused && twice.command.isEmpty, "a double open starts one presenter")
        let late = try coordinator.open(group: "detail", value: .int(9), now: 10 + SceneCoordinator.presenterStartGrace, ids: &ids, effects: &effects)
        #expect(late.outcome == .relaunched && !late.command.isEmpty, "a presenter that never came is started again")
        let again = try coordinator.open(group: "detail", value: .int(9), now: 10.1 + SceneCoordinator.presenterStartGrace, ids: &ids, effects: &effects)
        #expect(again.outcome == .focused, "and that relaunch is waited for too")
        effects = []
    }

    @Test("opening a window that has no presenter relaunches it, keeping its id and storage")
    func relaunch() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(group: "detail", value: .int(5), now: 1, ids: &ids, effects: &effects)
        _ = try coordinator.setStorage("scroll", to: .int(3), of: first.window.id.rawValue, effects: &effects)
        effects = []
        let again = try coordinator.open(group: "detail", value: .int(5), now: 1 + SceneCoordinator.presenterStartGrace, ids: &ids, effects: &effects)
        #expect(again.outcome == .relaunched && !again.created)
        #expect(again.window.id == first.window.id && again.window.storage.values == ["scroll": .int(3)])
        #expect(again.command == ["winctl", "attach", first.window.id.rawValue])
        #expect(effects.isEmpty, "nothing to bring to front, nothing to persist")
        effects = []
        let pinned = try coordinator.open(group: "pinned", value: .int(1), now: 1, ids: &ids, effects: &effects)
        effects = []
        _ = try coordinator.open(group: "pinned", value: .int(1), now: 1 + SceneCoordinator.presenterStartGrace, ids: &ids, effects: &effects)
        #expect(effects == [.launch(arguments: ["/usr/bin/launcher", pinned.window.id.rawValue, "1"], window: pinned.window.id)])
    }

    @Test("a window with a presenter, or of a group with nothing to start, is focused")
    func focused() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let main = try coordinator.open(group: "main", value: nil, now: 1, ids: &ids, effects: &effects)
        effects = []
        let again = try coordinator.open(group: "main", value: nil, now: 2, ids: &ids, effects: &effects)
        #expect(again.outcome == .focused && again.command.isEmpty)
        #expect(effects == [.event(.windowFocus(main.window.info, presenter: nil))])
        let detail = try coordinator.open(group: "detail", value: .int(1), now: 1, ids: &ids, effects: &effects)
        _ = try coordinator.attach(.init(target: .id(detail.window.id.rawValue)), connection: ConnectionID(4), now: 1, ids: &ids, effects: &effects)
        effects = []
        let shown = try coordinator.open(group: "detail", value: .int(1), now: 2, ids: &ids, effects: &effects)
        #expect(shown.outcome == .focused && shown.command.isEmpty)
        #expect(effects == [.event(.windowFocus(shown.window.info, presenter: ConnectionID(4)))])
    }

    @Test("an attach by value opens without starting anything")
    func attachStartsNothing() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        _ = try coordinator.attach(.init(target: .value(group: "pinned", value: .int(9))), connection: ConnectionID(1), now: 1, ids: &ids, effects: &effects)
        #expect(!effects.contains { if case .launch = $0 { true } else { false } })
    }

    @Test("the presenter's place is the window's while it presents, and goes with it")
    func placeFollowsPresenter() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let window = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(3)), place: Self.tmux), connection: ConnectionID(1), now: 1, ids: &ids, effects: &effects)
        #expect(window.place == Self.tmux && window.info.place == Self.tmux)
        #expect(effects.contains(.event(.windowPhase(window.info))), "the attach's event carries the place")
        let x11 = Place(kind: .x11, window: "77", display: ":1")
        let taken = try coordinator.attach(
            .init(target: .id(window.id.rawValue), takeover: true, place: x11), connection: ConnectionID(2), now: 2, ids: &ids, effects: &effects)
        #expect(taken.info.place == x11)
        let detached = coordinator.detach(connection: ConnectionID(2), now: 3, effects: &effects)
        #expect(detached?.place == nil && detached?.info.place == nil)
        let silent = try coordinator.attach(.init(target: .id(window.id.rawValue)), connection: ConnectionID(3), now: 4, ids: &ids, effects: &effects)
        #expect(silent.place == nil, "a presenter that says nothing has no place")
    }
}

import Testing
import WindowEngine
import WindowProtocol

/// windowd-protocol(7), window.open; winctl(1), Attached terminals: `open` says what it did, a window with no presenter is started
/// again rather than "brought to front", and a presenter's place is part of its window.
@Suite("Open outcomes and places")
struct OpenOutcomeTests {
    static let groups = [
        WindowGroup(id: "main", valueType: .none),
        WindowGroup(id: "detail", valueType: .int, command: ["winctl", "attach", "{id}"]),
        WindowGroup(
            id: "pinned",
            valueType: .int,
            command: ["orders", "{value}"],
            launch: ["/usr/bin/launcher", "{id}", "{value}"]
        ),
    ]
    static let tmux = Place(
        kind: .tmux,
        socket: "/tmp/tmux-0/default",
        pane: "%3",
        outer: Place(kind: .kitty, listenOn: "unix:/tmp/k", windowID: "2")
    )

    func coordinator() -> SceneCoordinator {
        var coordinator = SceneCoordinator(
            groups: Self.groups,
            limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100)
        )
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
        #expect(
            effects.contains(
                .launch(arguments: ["/usr/bin/launcher", opened.window.id.rawValue, "7"], window: opened.window.id)
            )
        )
    }

    @Test(
        "a second open while the started presenter has not attached starts nothing and says launching, however long it takes; its attach ends the wait"
    )
    func secondOpenWaitsForTheStartedPresenter() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(group: "detail", value: .int(9), now: 10, ids: &ids, effects: &effects)
        #expect(first.outcome == .created && !first.command.isEmpty)
        effects = []
        for now in [10.2, 16, 39.9] {
            let again = try coordinator.open(group: "detail", value: .int(9), now: now, ids: &ids, effects: &effects)
            #expect(
                again.outcome == .launching && again.command.isEmpty,
                "at \(now) s the presenter is still waited for"
            )
        }
        #expect(effects.isEmpty, "nothing is brought to front: there is nothing to bring")
        _ = try coordinator.attach(
            .init(target: .id(first.window.id.rawValue)),
            connection: ConnectionID(3),
            now: 40,
            ids: &ids,
            effects: &effects
        )
        #expect(!coordinator.launches.isInFlight(first.window.id))
        #expect(
            try coordinator.open(group: "detail", value: .int(9), now: 41, ids: &ids, effects: &effects).outcome
                == .focused
        )
    }

    @Test(
        "past app.launch_timeout_ms, or once its opener or process says it ended, the next open starts the presenter again, and waits for that one"
    )
    func launchEndsByTimeoutOrReport() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(group: "detail", value: .int(9), now: 10, ids: &ids, effects: &effects)
        #expect(coordinator.nextDeadline == 10 + coordinator.limits.launchTimeout)
        coordinator.advance(to: 10 + coordinator.limits.launchTimeout, effects: &effects)
        #expect(coordinator.nextDeadline == nil)
        let late = try coordinator.open(group: "detail", value: .int(9), now: 41, ids: &ids, effects: &effects)
        #expect(late.outcome == .relaunched && late.command == ["winctl", "attach", first.window.id.rawValue])
        #expect(
            try coordinator.open(group: "detail", value: .int(9), now: 42, ids: &ids, effects: &effects).outcome
                == .launching
        )
        coordinator.launchEnded(first.window.id)
        #expect(
            try coordinator.open(group: "detail", value: .int(9), now: 43, ids: &ids, effects: &effects).outcome
                == .relaunched
        )
        // Without the timer firing, the time of the open itself ends a wait that ran out.
        #expect(
            try coordinator.open(
                group: "detail",
                value: .int(9),
                now: 43 + coordinator.limits.launchTimeout,
                ids: &ids,
                effects: &effects
            ).outcome == .relaunched
        )
    }

    @Test(
        "an opener that could not start the command says so: the wait ends and subscribers hear why; a launch the daemon runs is not the opener's to end"
    )
    func openerLaunchEnded() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let detail = try coordinator.open(group: "detail", value: .int(9), now: 1, ids: &ids, effects: &effects)
        let pinned = try coordinator.open(group: "pinned", value: .int(9), now: 1, ids: &ids, effects: &effects)
        effects = []
        _ = try coordinator.openerLaunchEnded(
            detail.window.id.rawValue,
            reason: "could not start: no display",
            effects: &effects
        )
        #expect(
            effects == [
                .event(
                    .windowLaunchFailed(
                        WindowLaunchFailedEvent(
                            window: detail.window.info,
                            command: ["winctl", "attach", detail.window.id.rawValue],
                            reason: "could not start: no display"
                        )
                    )
                )
            ]
        )
        #expect(
            try coordinator.open(group: "detail", value: .int(9), now: 2, ids: &ids, effects: &effects).outcome
                == .relaunched
        )
        effects = []
        _ = try coordinator.openerLaunchEnded(pinned.window.id.rawValue, reason: "x", effects: &effects)
        #expect(effects.isEmpty && coordinator.launches.isInFlight(pinned.window.id))
        #expect(throws: Refusal.self) { try coordinator.openerLaunchEnded("nope", reason: "x", effects: &effects) }
    }

    @Test(
        "the daemon runs at most 16 launches at once: the 17th fails with too_many_launches, and a slot freed by an attach or an end is taken again"
    )
    func launchBound() throws {
        let groups = [WindowGroup(id: "spawn", valueType: .int, launch: ["/bin/spawn", "{value}"])]
        var coordinator = SceneCoordinator(
            groups: groups,
            limits: CoordinatorLimits(maxWindows: 1_000, sessionTTL: 100)
        )
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        effects = []
        var opened: [OpenResult] = []
        for value in Int64(0)..<600 {
            opened.append(
                try coordinator.open(group: "spawn", value: .int(value), now: 1, ids: &ids, effects: &effects)
            )
        }
        let launched = effects.filter { if case .launch = $0 { true } else { false } }
        let refused = effects.compactMap { effect -> WindowLaunchFailedEvent? in
            if case .event(.windowLaunchFailed(let failure)) = effect { failure } else { nil }
        }
        #expect(launched.count == CoordinatorLimits.launchesInFlight && launched.count == 16)
        #expect(refused.count == 600 - 16 && refused.allSatisfy { $0.reason == "too_many_launches" })
        #expect(
            refused.first?.window.id == opened[16].window.id.rawValue && refused.first?.command == ["/bin/spawn", "16"]
        )
        #expect(opened.allSatisfy { $0.outcome == .created })
        effects = []
        // A window refused its launch is not waited for: its next open tries again, and is refused again while 16 run.
        #expect(
            try coordinator.open(group: "spawn", value: .int(20), now: 2, ids: &ids, effects: &effects).outcome
                == .detached
        )
        coordinator.launchEnded(opened[0].window.id)
        _ = try coordinator.attach(
            .init(target: .id(opened[1].window.id.rawValue)),
            connection: ConnectionID(1),
            now: 2,
            ids: &ids,
            effects: &effects
        )
        effects = []
        #expect(
            try coordinator.open(group: "spawn", value: .int(20), now: 3, ids: &ids, effects: &effects).outcome
                == .relaunched
        )
        #expect(
            try coordinator.open(group: "spawn", value: .int(21), now: 3, ids: &ids, effects: &effects).outcome
                == .relaunched
        )
        #expect(
            try coordinator.open(group: "spawn", value: .int(22), now: 3, ids: &ids, effects: &effects).outcome
                == .detached
        )
        #expect(effects.filter { if case .launch = $0 { true } else { false } }.count == 2)
    }

    @Test("opening a window that has no presenter relaunches it, keeping its id and storage")
    func relaunch() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(group: "detail", value: .int(5), now: 1, ids: &ids, effects: &effects)
        _ = try coordinator.setStorage("scroll", to: .int(3), of: first.window.id.rawValue, effects: &effects)
        effects = []
        coordinator.launchEnded(first.window.id)
        let again = try coordinator.open(group: "detail", value: .int(5), now: 2, ids: &ids, effects: &effects)
        #expect(again.outcome == .relaunched && !again.created)
        #expect(again.window.id == first.window.id && again.window.storage.values == ["scroll": .int(3)])
        #expect(again.command == ["winctl", "attach", first.window.id.rawValue])
        #expect(effects.isEmpty, "nothing to bring to front, nothing to persist")
        effects = []
        let pinned = try coordinator.open(group: "pinned", value: .int(1), now: 1, ids: &ids, effects: &effects)
        effects = []
        coordinator.launchEnded(pinned.window.id)
        _ = try coordinator.open(group: "pinned", value: .int(1), now: 2, ids: &ids, effects: &effects)
        #expect(
            effects == [
                .launch(arguments: ["/usr/bin/launcher", pinned.window.id.rawValue, "1"], window: pinned.window.id)
            ]
        )
    }

    @Test(
        "a window with a presenter is focused; one with none, of a group with nothing to start, is detached (its subscribers still hear of the focus)"
    )
    func focused() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let main = try coordinator.open(group: "main", value: nil, now: 1, ids: &ids, effects: &effects)
        effects = []
        let again = try coordinator.open(group: "main", value: nil, now: 2, ids: &ids, effects: &effects)
        #expect(again.outcome == .detached && again.command.isEmpty)
        #expect(effects == [.event(.windowFocus(main.window.info, presenter: nil))])
        let detail = try coordinator.open(group: "detail", value: .int(1), now: 1, ids: &ids, effects: &effects)
        _ = try coordinator.attach(
            .init(target: .id(detail.window.id.rawValue)),
            connection: ConnectionID(4),
            now: 1,
            ids: &ids,
            effects: &effects
        )
        effects = []
        let shown = try coordinator.open(group: "detail", value: .int(1), now: 2, ids: &ids, effects: &effects)
        #expect(shown.outcome == .focused && shown.command.isEmpty)
        #expect(effects == [.event(.windowFocus(shown.window.info, presenter: ConnectionID(4)))])
    }

    @Test(
        "a window whose presenter's process is stopped (Ctrl-Z) is opened as stopped: nothing brought to front, nothing started; once it runs again it is focused"
    )
    func stoppedPresenter() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let detail = try coordinator.open(group: "detail", value: .int(2), now: 1, ids: &ids, effects: &effects)
        var request = AttachRequest(target: .id(detail.window.id.rawValue))
        request.process = PresenterProcess(pid: 42, startTime: 7, bootID: "b")
        _ = try coordinator.attach(request, connection: ConnectionID(5), now: 1, ids: &ids, effects: &effects)
        effects = []
        let again = try coordinator.open(group: "detail", value: .int(2), now: 3, ids: &ids, effects: &effects) {
            $0 == request.process ? .stopped : .gone
        }
        #expect(again.outcome == .stopped && again.command.isEmpty)
        #expect(effects.isEmpty, "no focus request to a presenter that cannot act on it, no launch")
        #expect(again.outcome.told(understanding: []) == .focused, "a client that did not list it is told as before")
        let running = try coordinator.open(group: "detail", value: .int(2), now: 5, ids: &ids, effects: &effects) {
            _ in .running
        }
        #expect(running.outcome == .focused)
        // Gone: the next presenter is not that process.
        coordinator.detach(connection: ConnectionID(5), now: 7, effects: &effects)
        #expect(coordinator.registry.windows[detail.window.id]?.process == nil)
    }

    @Test("an attach by value opens without starting anything")
    func attachStartsNothing() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        _ = try coordinator.attach(
            .init(target: .value(group: "pinned", value: .int(9))),
            connection: ConnectionID(1),
            now: 1,
            ids: &ids,
            effects: &effects
        )
        #expect(!effects.contains { if case .launch = $0 { true } else { false } })
    }

    @Test("the presenter's place is the window's while it presents, and goes with it")
    func placeFollowsPresenter() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let window = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(3)), place: Self.tmux),
            connection: ConnectionID(1),
            now: 1,
            ids: &ids,
            effects: &effects
        ).window
        #expect(window.place == Self.tmux && window.info.place == Self.tmux)
        #expect(effects.contains(.event(.windowPhase(window.info))), "the attach's event carries the place")
        let x11 = Place(kind: .x11, window: "77", display: ":1")
        let taken = try coordinator.attach(
            .init(target: .id(window.id.rawValue), takeover: true, place: x11),
            connection: ConnectionID(2),
            now: 2,
            ids: &ids,
            effects: &effects
        ).window
        #expect(taken.info.place == x11)
        let detached = coordinator.detach(connection: ConnectionID(2), now: 3, effects: &effects)
        #expect(detached?.place == nil && detached?.info.place == nil)
        let silent = try coordinator.attach(
            .init(target: .id(window.id.rawValue)),
            connection: ConnectionID(3),
            now: 4,
            ids: &ids,
            effects: &effects
        ).window
        #expect(silent.place == nil, "a presenter that says nothing has no place")
    }

    @Test(
        "an open's request goes to the presenter with window.focus, or waits for the attach of the one started; what the run group's table lacks is not passed on"
    )
    func requests() throws {
        let vim = WindowGroup(id: "file", valueType: .string, run: ["vim", "{value}"], requests: ["+{n}": "{n}G"])
        var coordinator = SceneCoordinator(groups: [vim], limits: CoordinatorLimits())
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        var ids = WindowIDSource(seed: 1)
        let created = try coordinator.open(
            group: "file",
            value: .string("f"),
            request: ["+3", "-d"],
            now: 1,
            ids: &ids,
            effects: &effects
        )
        #expect(created.outcome == .created && coordinator.pass(["+3", "-d"], to: created) == ["-d"])
        let again = try coordinator.open(
            group: "file",
            value: .string("f"),
            request: ["+4"],
            now: 1,
            ids: &ids,
            effects: &effects
        )
        #expect(again.outcome == .launching && coordinator.pass(["+4"], to: again).isEmpty)
        let attached = try coordinator.attach(
            AttachRequest(target: .id(created.window.id.rawValue)),
            connection: ConnectionID(2),
            now: 2,
            ids: &ids,
            effects: &effects
        )
        #expect(attached.request == ["+4"], "the last open's request")
        effects = []
        let focused = try coordinator.open(
            group: "file",
            value: .string("f"),
            request: ["+5", "x"],
            now: 3,
            ids: &ids,
            effects: &effects
        )
        #expect(focused.outcome == .focused && coordinator.pass(["+5", "x"], to: focused) == ["x"])
        let info = attached.window.info
        #expect(effects == [.event(.windowFocus(info, presenter: ConnectionID(2), request: ["+5", "x"]))])
    }
}

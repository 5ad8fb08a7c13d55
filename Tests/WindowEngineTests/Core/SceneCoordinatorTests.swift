import Testing
import WindowEngine
import WindowProtocol

@Suite("Scene coordinator")
struct SceneCoordinatorTests {
    static let groups = [
        WindowGroup(id: "main", valueType: .none),
        WindowGroup(id: "detail", valueType: .int, launch: ["tmux", "new-window", "winctl attach {id} # {value}"]),
        WindowGroup(id: "orders", valueType: .uuid, requiresAuth: true),
    ]

    /// A coordinator out of `loading`, signed out; the aggregate is announced at once (no settle
    /// time), as these tests check the tally (``PhaseSettleTests`` and ``CoordinatorDeadlineTests`` the settle).
    func coordinator(maxWindows: Int = 100, ttl: Double = 100) -> SceneCoordinator {
        var coordinator = SceneCoordinator(
            groups: Self.groups,
            limits: CoordinatorLimits(maxWindows: maxWindows, sessionTTL: ttl, phaseSettle: 0)
        )
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        return coordinator
    }

    @Test("open de-duplicates by typed value and brings the existing window to front")
    func dedup() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(group: "detail", value: .int(42), now: 1, ids: &ids, effects: &effects)
        #expect(first.created)
        #expect(effects.contains(.event(.windowOpened(first.window.info))))
        #expect(
            effects.contains(
                .launch(
                    arguments: ["tmux", "new-window", "winctl attach \(first.window.id) # 42"],
                    window: first.window.id
                )
            )
        )
        _ = try coordinator.attach(
            .init(target: .id(first.window.id.rawValue)),
            connection: ConnectionID(1),
            now: 1,
            ids: &ids,
            effects: &effects
        )
        effects = []
        let second = try coordinator.open(group: "detail", value: .string("42"), now: 2, ids: &ids, effects: &effects)
        #expect(!second.created && second.outcome == .focused)
        #expect(second.window.id == first.window.id)
        #expect(effects == [.event(.windowFocus(second.window.info, presenter: ConnectionID(1)))])
        #expect(coordinator.registry.count == 1)
    }

    @Test("a none group has at most one window")
    func noneGroup() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let a = try coordinator.open(group: "main", value: nil, now: 1, ids: &ids, effects: &effects)
        let b = try coordinator.open(group: "main", value: .null, now: 1, ids: &ids, effects: &effects)
        #expect(a.window.id == b.window.id)
    }

    @Test("unknown groups and the window limit are refused")
    func refusals() throws {
        var coordinator = coordinator(maxWindows: 1)
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        #expect(
            throws: Refusal.refused(.unknownGroup, "unknown window group 'nope' (configured: detail, main, orders)")
        ) {
            try coordinator.open(group: "nope", value: nil, now: 1, ids: &ids, effects: &effects)
        }
        _ = try coordinator.open(group: "detail", value: .int(1), now: 1, ids: &ids, effects: &effects)
        do {
            _ = try coordinator.open(group: "detail", value: .int(2), now: 1, ids: &ids, effects: &effects)
            Issue.record("a window over the limit was opened")
        } catch {
            #expect(error.reason == .limitExceeded)
        }
    }

    @Test("attach, takeover and detach move the presenter and the phases")
    func presenters() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let a = ConnectionID(1)
        let b = ConnectionID(2)
        let window = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(7))),
            connection: a,
            now: 1,
            ids: &ids,
            effects: &effects
        ).window
        #expect(window.presenter == a && window.phase == .active)
        #expect(effects.contains(.event(.scenePhase(ScenePhaseEvent(phase: .active, previous: .background)))))
        #expect(effects.contains(.phaseReaction(.active)))
        #expect(
            !effects.contains { if case .launch = $0 { return true } else { return false } },
            "attach opens without launching"
        )

        effects = []
        do {
            _ = try coordinator.attach(
                .init(target: .id(window.id.rawValue)),
                connection: b,
                now: 1,
                ids: &ids,
                effects: &effects
            )
            Issue.record("a second presenter attached without takeover")
        } catch {
            #expect(error.reason == .windowBusy)
        }
        _ = try coordinator.attach(
            .init(target: .id(window.id.rawValue), phase: .inactive, takeover: true),
            connection: b,
            now: 1,
            ids: &ids,
            effects: &effects
        )
        #expect(
            effects.contains {
                if case .event(.windowDismiss(_, .takeover, a)) = $0 { return true } else { return false }
            }
        )
        #expect(coordinator.registry.window(presentedBy: b)?.id == window.id)
        #expect(coordinator.registry.window(presentedBy: a) == nil)
        #expect(coordinator.aggregate == .inactive)

        effects = []
        let detached = coordinator.detach(connection: b, now: 1, effects: &effects)
        #expect(detached?.phase == .background && detached?.presenter == nil)
        #expect(effects.contains(.event(.scenePhase(ScenePhaseEvent(phase: .background, previous: .inactive)))))
    }

    @Test(
        "an attach by value refused as busy changes nothing and brings nothing to front: the open that follows it (winctl run) focuses once"
    )
    func busyAttachByValueSendsNoFocus() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let presented = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(7))),
            connection: ConnectionID(1),
            now: 1,
            ids: &ids,
            effects: &effects
        ).window
        effects = []
        do {
            _ = try coordinator.attach(
                .init(target: .value(group: "detail", value: .int(7))),
                connection: ConnectionID(2),
                now: 2,
                ids: &ids,
                effects: &effects
            )
            Issue.record("a second presenter attached without takeover")
        } catch {
            #expect(error.reason == .windowBusy)
        }
        #expect(effects.isEmpty, "the refusal sent \(effects)")
        #expect(coordinator.registry.window(presentedBy: ConnectionID(1))?.id == presented.id)
    }

    @Test(
        "an attach by value of a window that exists sends no window.focus: with takeover, its old presenter is dismissed, not first raised"
    )
    func attachByValueOfAnExistingWindowSendsNoFocus() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        _ = try coordinator.open(group: "detail", value: .int(7), now: 1, ids: &ids, effects: &effects)
        effects = []
        let target = AttachRequest.Target.value(group: "detail", value: .int(7))
        let window = try coordinator.attach(
            .init(target: target),
            connection: ConnectionID(1),
            now: 2,
            ids: &ids,
            effects: &effects
        ).window
        #expect(!effects.contains { if case .event(.windowFocus) = $0 { true } else { false } }, "\(effects)")

        effects = []
        _ = try coordinator.attach(
            .init(target: target, takeover: true),
            connection: ConnectionID(2),
            now: 3,
            ids: &ids,
            effects: &effects
        )
        let events = effects.compactMap { if case .event(let event) = $0 { event.name.rawValue } else { nil } }
        #expect(events.first == "window.dismiss" && !events.contains("window.focus"), "\(events)")
        #expect(coordinator.registry.window(presentedBy: ConnectionID(2))?.id == window.id)
    }

    @Test("scene.phase is raised only when the aggregate changes")
    func aggregateChangesOnly() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let one = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(1))),
            connection: ConnectionID(1),
            now: 1,
            ids: &ids,
            effects: &effects
        ).window
        _ = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(2)), phase: .inactive),
            connection: ConnectionID(2),
            now: 1,
            ids: &ids,
            effects: &effects
        )
        effects = []
        _ = try coordinator.setPhase(.active, of: one.id.rawValue, now: 1, effects: &effects)
        #expect(effects.isEmpty, "setting the same phase changes nothing")
        _ = try coordinator.setPhase(.inactive, of: one.id.rawValue, now: 1, effects: &effects)
        let phaseEvents = effects.filter { if case .event(.scenePhase) = $0 { return true } else { return false } }
        #expect(phaseEvents == [.event(.scenePhase(ScenePhaseEvent(phase: .inactive, previous: .active)))])
    }

    @Test("requires_auth groups need a signed-in user and are closed on sign-out")
    func signOut() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let order = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
        do {
            _ = try coordinator.open(group: "orders", value: .string(order), now: 1, ids: &ids, effects: &effects)
            Issue.record("opened a requires_auth window while signed out")
        } catch {
            #expect(error.reason == .unauthenticated)
        }
        try coordinator.transition(to: .authenticated(user: "alice"), now: 1, effects: &effects)
        let window = try coordinator.attach(
            .init(target: .value(group: "orders", value: .string(order))),
            connection: ConnectionID(9),
            now: 1,
            ids: &ids,
            effects: &effects
        ).window
        effects = []
        try coordinator.transition(to: .unauthenticated, now: 2, effects: &effects)
        #expect(
            effects.first
                == .event(.appState(AppStateEvent(state: .unauthenticated, previous: .authenticated(user: "alice"))))
        )
        #expect(
            effects.contains {
                if case .event(.windowDismiss(_, .signedOut, ConnectionID(9))) = $0 {
                    return true
                } else {
                    return false
                }
            }
        )
        #expect(coordinator.registry.windows[window.id] == nil)
        #expect(coordinator.session == nil)
    }

    @Test("an expired session is caught when the aggregate becomes active")
    func sessionExpiry() throws {
        var coordinator = coordinator(ttl: 10)
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        try coordinator.transition(to: .authenticated(user: "bob"), now: 100, effects: &effects)
        #expect(coordinator.session == Session(user: "bob", issuedAt: 100, expiresAt: 110))
        _ = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(1))),
            connection: ConnectionID(1),
            now: 111,
            ids: &ids,
            effects: &effects
        )
        #expect(coordinator.state == .error(.sessionExpired))
    }

    @Test("closing destroys storage: a new window of the same value starts empty")
    func closeDestroysStorage() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(group: "detail", value: .int(5), now: 1, ids: &ids, effects: &effects).window
        _ = try coordinator.setStorage("tab", to: .int(3), of: first.id.rawValue, effects: &effects)
        #expect(effects.contains(.persist(.storageSet(first.id, key: "tab", value: .int(3)))))
        _ = try coordinator.close(first.id.rawValue, now: 1, effects: &effects)
        let second = try coordinator.open(group: "detail", value: .int(5), now: 1, ids: &ids, effects: &effects)
        #expect(second.created && second.window.id != first.id)
        #expect(second.window.storage.values.isEmpty)
    }

    @Test("finishing loading restores a valid session and refuses an expired one")
    func finishLoading() {
        var effects: [Effect] = []
        var valid = SceneCoordinator(groups: Self.groups, limits: CoordinatorLimits())
        valid.finishLoading(storedSession: Session(user: "a", issuedAt: 0, expiresAt: 50), now: 10, effects: &effects)
        #expect(valid.state == .authenticated(user: "a"))
        var expired = SceneCoordinator(groups: Self.groups, limits: CoordinatorLimits())
        expired.finishLoading(storedSession: Session(user: "a", issuedAt: 0, expiresAt: 5), now: 10, effects: &effects)
        #expect(expired.state == .unauthenticated)
        #expect(effects.contains(.persist(.sessionCleared)), "an expired stored session is cleared from the store")
        var rejected = SceneCoordinator(groups: Self.groups, limits: CoordinatorLimits())
        effects = []
        rejected.finishLoading(
            storedSession: Session(user: "a", issuedAt: 0, expiresAt: 50),
            rejected: true,
            now: 10,
            effects: &effects
        )
        #expect(rejected.state == .unauthenticated && rejected.session == nil)
        #expect(effects.contains(.persist(.sessionCleared)), "a rejected stored session is cleared from the store")
    }
}

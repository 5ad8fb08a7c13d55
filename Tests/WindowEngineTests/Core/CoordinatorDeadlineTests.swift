import Testing
import WindowEngine
import WindowProtocol

/// windowd-protocol(7), scene.setPhase; windowd-protocol(7), app.transition through the coordinator, with the time moved by hand: the session
/// expires whenever its time passes, and the aggregate settles before it moves down.
@Suite("Coordinator deadlines")
struct CoordinatorDeadlineTests {
    static let order = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    func signedIn(ttl: Double = 10, settle: Double = 0.15, at now: Double = 100) throws -> SceneCoordinator {
        var coordinator = SceneCoordinator(
            groups: SceneCoordinatorTests.groups,
            limits: CoordinatorLimits(sessionTTL: ttl, phaseSettle: settle)
        )
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: now, effects: &effects)
        try coordinator.transition(to: .authenticated(user: "alice"), now: now, effects: &effects)
        return coordinator
    }

    static func phaseEvents(_ effects: [Effect]) -> [ScenePhaseEvent] {
        effects.compactMap { if case .event(.scenePhase(let change)) = $0 { return change } else { return nil } }
    }

    @Test("the session expires when its time passes, with no window and no phase change")
    func sessionExpiresWhileRunning() throws {
        var coordinator = try signedIn(ttl: 10, at: 100)
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let presenter = ConnectionID(4)
        let window = try coordinator.attach(
            .init(target: .value(group: "orders", value: .string(Self.order))),
            connection: presenter,
            now: 101,
            ids: &ids,
            effects: &effects
        ).window
        _ = try coordinator.setStorage("card", to: .string("4111-1111"), of: window.id.rawValue, effects: &effects)
        #expect(coordinator.nextDeadline == 110)

        effects = []
        coordinator.advance(to: 109.9, effects: &effects)
        #expect(effects.isEmpty && coordinator.state == .authenticated(user: "alice"))

        coordinator.advance(to: 110, effects: &effects)
        #expect(coordinator.state == .error(.sessionExpired))
        #expect(
            effects.first
                == .event(
                    .appState(AppStateEvent(state: .error(.sessionExpired), previous: .authenticated(user: "alice")))
                )
        )
        #expect(effects.contains(.persist(.sessionCleared)))
        #expect(effects.contains(.persist(.windowClosed(window.id))))
        #expect(
            effects.contains {
                if case .event(.windowDismiss(_, .signedOut, presenter)) = $0 { return true } else { return false }
            }
        )
        #expect(coordinator.registry.windows[window.id] == nil)
        #expect(
            coordinator.nextDeadline == 110.15,
            "no session to expire; the closed window's fall of the aggregate settles"
        )
        coordinator.advance(to: 110.15, effects: &effects)
        #expect(coordinator.aggregate == .background)
        #expect(coordinator.nextDeadline == nil, "nothing is due once signed out")
        #expect(throws: Refusal.self) {
            try coordinator.open(group: "orders", value: .string(Self.order), now: 111, ids: &ids, effects: &effects)
        }
    }

    @Test("a sign-in moves the deadline; signing out clears it")
    func deadlineFollowsTheSession() throws {
        var coordinator = try signedIn(ttl: 10, at: 100)
        var effects: [Effect] = []
        try coordinator.transition(to: .unauthenticated, now: 105, effects: &effects)
        #expect(coordinator.nextDeadline == nil)
        try coordinator.transition(to: .authenticated(user: "bob"), now: 106, effects: &effects)
        #expect(coordinator.nextDeadline == 116)
    }

    @Test("a fall of the aggregate undone within the settle time raises no event and no reaction")
    func settleAbsorbsFocusMoves() throws {
        var coordinator = try signedIn(ttl: 1_000)
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let one = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(1))),
            connection: ConnectionID(1),
            now: 100,
            ids: &ids,
            effects: &effects
        ).window
        let two = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(2)), phase: .inactive),
            connection: ConnectionID(2),
            now: 100,
            ids: &ids,
            effects: &effects
        ).window
        effects = []
        let left = try coordinator.setPhase(.inactive, of: one.id.rawValue, now: 101, effects: &effects)
        #expect(left.phase == .inactive, "the window's own phase changes at once")
        #expect(coordinator.registry.aggregate == .inactive)
        #expect(coordinator.aggregate == .active, "the announced aggregate waits")
        #expect(coordinator.nextDeadline == 101.15)
        _ = try coordinator.setPhase(.active, of: two.id.rawValue, now: 101.02, effects: &effects)
        #expect(coordinator.nextDeadline == 1_100, "only the session is due")
        coordinator.advance(to: 101.15, effects: &effects)
        #expect(Self.phaseEvents(effects).isEmpty)
        #expect(!effects.contains { if case .phaseReaction = $0 { return true } else { return false } })
    }

    @Test("a fall that holds is announced at its deadline, with its reaction")
    func settleAnnouncesAtDeadline() throws {
        var coordinator = try signedIn(ttl: 1_000)
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let one = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(1))),
            connection: ConnectionID(1),
            now: 100,
            ids: &ids,
            effects: &effects
        ).window
        effects = []
        _ = try coordinator.setPhase(.background, of: one.id.rawValue, now: 101, effects: &effects)
        #expect(Self.phaseEvents(effects).isEmpty)
        let due = try #require(coordinator.nextDeadline)
        coordinator.advance(to: due, effects: &effects)
        #expect(Self.phaseEvents(effects) == [ScenePhaseEvent(phase: .background, previous: .active)])
        #expect(effects.contains(.phaseReaction(.background)))
        #expect(coordinator.aggregate == .background)
    }

    @Test("a presenter's disconnect is a fall like any other: it settles")
    func detachSettles() throws {
        var coordinator = try signedIn(ttl: 1_000)
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        _ = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(1))),
            connection: ConnectionID(1),
            now: 100,
            ids: &ids,
            effects: &effects
        )
        effects = []
        coordinator.detach(connection: ConnectionID(1), now: 100.5, effects: &effects)
        #expect(Self.phaseEvents(effects).isEmpty)
        _ = try coordinator.attach(
            .init(target: .value(group: "detail", value: .int(1))),
            connection: ConnectionID(2),
            now: 100.6,
            ids: &ids,
            effects: &effects
        )
        coordinator.advance(to: 101, effects: &effects)
        #expect(Self.phaseEvents(effects).isEmpty, "a presenter that comes back in time is no change")
    }
}

import Testing
import WindowEngine
import WindowProtocol

/// windowd-protocol(7), app.transition: when no valid session is restored, the restored windows of `requires_auth`
/// groups and their storage are closed, as a sign-out closes them; an attach to one during
/// `loading` waits for loading's verdict.
@Suite("Restored session")
struct RestoredSessionTests {
    static let order = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
    static let stored = Session(user: "alice", issuedAt: 0, expiresAt: 50)

    /// A coordinator in `loading` with alice's order window and a detail window restored.
    func restored() -> (SceneCoordinator, order: WindowID, detail: WindowID) {
        let orderID = WindowID("11111111-1111-4111-8111-111111111111")!
        let detailID = WindowID("22222222-2222-4222-8222-222222222222")!
        let state = StoredState(
            windows: [
                StoredWindow(
                    id: orderID,
                    group: "orders",
                    value: .string(Self.order),
                    createdAt: "2026-01-01T00:00:00Z",
                    order: 0
                ),
                StoredWindow(
                    id: detailID,
                    group: "detail",
                    value: .int(7),
                    createdAt: "2026-01-01T00:00:00Z",
                    order: 1
                ),
            ],
            storage: [orderID: ["card": .string("4111-1111")], detailID: ["tab": .int(2)]],
            session: Self.stored
        )
        let groups = Dictionary(uniqueKeysWithValues: SceneCoordinatorTests.groups.map { ($0.id, $0) })
        var coordinator = SceneCoordinator(groups: SceneCoordinatorTests.groups, limits: CoordinatorLimits())
        coordinator.restore(RestoreValidator.validate(state, groups: groups, now: 0).windows)
        return (coordinator, orderID, detailID)
    }

    @Test(
        "an expired or rejected stored session closes the auth-only windows and their storage",
        arguments: [
            (Self.stored, false, 60.0), (Self.stored, true, 10.0), (nil, false, 10.0),
        ] as [(Session?, Bool, Double)]
    )
    func notRestored(session: Session?, rejected: Bool, now: Double) throws {
        let (initial, order, detail) = restored()
        var coordinator = initial
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        coordinator.finishLoading(storedSession: session, rejected: rejected, now: now, effects: &effects)
        #expect(coordinator.state == .unauthenticated)
        #expect(coordinator.registry.windows[order] == nil)
        #expect(effects.contains(.persist(.windowClosed(order))), "closed in the store too, with its storage")
        #expect(
            coordinator.registry.windows[detail]?.storage.values == ["tab": .int(2)],
            "windows that need no user stay"
        )

        try coordinator.transition(to: .authenticated(user: "bob"), now: now, effects: &effects)
        let reopened = try coordinator.open(
            group: "orders",
            value: .string(Self.order),
            now: now,
            ids: &ids,
            effects: &effects
        )
        #expect(reopened.created && reopened.window.id != order)
        #expect(reopened.window.storage.values.isEmpty, "nothing of alice's reaches bob")
    }

    @Test("the windows are closed as soon as the verdict is known, still in loading")
    func discardedBeforeLoadingEnds() throws {
        let (initial, order, _) = restored()
        var coordinator = initial
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        coordinator.discardRestoredSession(now: 60, effects: &effects)
        #expect(coordinator.state == .loading)
        #expect(coordinator.registry.windows[order] == nil)
        #expect(
            effects.contains(
                .event(
                    .windowClosed(
                        WindowInfo(
                            id: order.rawValue,
                            group: "orders",
                            value: .string(Self.order),
                            phase: .background,
                            attached: false,
                            createdAt: "2026-01-01T00:00:00Z"
                        )
                    )
                )
            )
        )
        // A presenter that comes back for it is told it was signed out, not that it never was.
        coordinator.finishLoading(storedSession: Self.stored, rejected: true, now: 60, effects: &effects)
        do {
            _ = try coordinator.attach(
                .init(target: .id(order.rawValue)),
                connection: ConnectionID(1),
                now: 61,
                ids: &ids,
                effects: &effects
            )
            Issue.record("attached to a signed-out window")
        } catch {
            #expect(error.reason == .unauthenticated)
        }
    }

    @Test("a valid stored session keeps the windows and their storage")
    func validSessionKeeps() throws {
        let (initial, order, _) = restored()
        var coordinator = initial
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        coordinator.finishLoading(storedSession: Self.stored, now: 10, effects: &effects)
        #expect(coordinator.state == .authenticated(user: "alice"))
        let window = try coordinator.attach(
            .init(target: .id(order.rawValue)),
            connection: ConnectionID(1),
            now: 11,
            ids: &ids,
            effects: &effects
        ).window
        #expect(window.storage.values == ["card": .string("4111-1111")])
    }

    @Test("another user signing in during loading does not get the restored windows")
    func otherUserDuringLoading() throws {
        let (initial, order, _) = restored()
        var coordinator = initial
        var effects: [Effect] = []
        try coordinator.transition(to: .authenticated(user: "bob"), now: 10, effects: &effects)
        #expect(coordinator.registry.windows[order] == nil)
    }

    @Test("during loading, attaching to an auth-only window waits; anything else is answered at once")
    func attachWaits() {
        let (initial, order, detail) = restored()
        var coordinator = initial
        #expect(coordinator.attachWaitsForLoading(.id(order.rawValue)))
        #expect(coordinator.attachWaitsForLoading(.value(group: "orders", value: .string(Self.order))))
        #expect(!coordinator.attachWaitsForLoading(.id(detail.rawValue)))
        #expect(!coordinator.attachWaitsForLoading(.id("00000000-0000-4000-8000-000000000000")))
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: Self.stored, now: 10, effects: &effects)
        #expect(!coordinator.attachWaitsForLoading(.id(order.rawValue)))
    }
}

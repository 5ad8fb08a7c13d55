import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

@Suite("Rollback point")
struct RollbackPointTests {
    static func coordinator(signedInAs storedSession: Session? = nil) -> SceneCoordinator {
        var coordinator = SceneCoordinator(
            groups: [WindowGroup(id: "detail", valueType: .int)],
            limits: CoordinatorLimits()
        )
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: storedSession, now: 0, effects: &effects)
        return coordinator
    }

    static func open(_ value: Int64, in coordinator: inout SceneCoordinator) throws -> String {
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: UInt64(value))
        return try coordinator.open(
            group: "detail",
            value: .number("\(value)"),
            now: 0,
            launch: false,
            ids: &ids,
            effects: &effects
        ).window.id.rawValue
    }

    /// The registry's windows, presenters and aggregate, as comparable text.
    static func account(_ coordinator: SceneCoordinator) -> String {
        let windows = coordinator.registry.list().map {
            "\($0.id.rawValue.prefix(8)) \($0.phase) \($0.presenter.map { "\($0)" } ?? "-") \($0.storage.values)"
        }
        return "\(coordinator.state) \(coordinator.aggregate) \(windows)"
    }

    @Test(
        "a failure undoes every request's change since the last commit — the one with the store and the ones queued after it"
    )
    func failureUndoesBothRuns() throws {
        var coordinator = Self.coordinator()
        var point = RollbackPoint(&coordinator)
        let kept = try Self.open(1, in: &coordinator)
        point.commitStarted(&coordinator)
        point.committed(&coordinator, nothingQueued: true)
        let committed = Self.account(coordinator)

        var effects: [Effect] = []
        _ = try Self.open(2, in: &coordinator)
        _ = try coordinator.setStorage("k", to: .bool(true), of: kept, effects: &effects)
        _ = try coordinator.transition(to: .authenticated(user: "alice"), now: 1, effects: &effects)
        point.commitStarted(&coordinator)
        _ = try Self.open(3, in: &coordinator)
        _ = try coordinator.close(kept, now: 2, effects: &effects)
        point.failed(&coordinator)
        #expect(Self.account(coordinator) == committed)
        #expect(coordinator.session == nil && coordinator.state == .unauthenticated)
        #expect(
            coordinator.existingWindow(group: "detail", value: .number("2")) == nil,
            "the value index is undone too"
        )
        #expect(try Self.open(1, in: &coordinator) == kept, "de-duplication finds the window again")
    }

    @Test("a commit moves the point: a later failure undoes only what came after it")
    func commitMovesThePoint() throws {
        var coordinator = Self.coordinator()
        var point = RollbackPoint(&coordinator)
        _ = try Self.open(1, in: &coordinator)
        point.commitStarted(&coordinator)
        _ = try Self.open(2, in: &coordinator)
        point.committed(&coordinator, nothingQueued: false)
        #expect(coordinator.registry.count == 2)
        point.commitStarted(&coordinator)
        point.failed(&coordinator)
        #expect(
            coordinator.registry.count == 1,
            "window 2 was queued after the committed transaction, and failed with the next"
        )
    }

    @Test(
        "the daemon's own changes survive an undo: a presenter that left stays detached, presenters and phases stay consistent"
    )
    func ownChangesSurvive() throws {
        var coordinator = Self.coordinator()
        var point = RollbackPoint(&coordinator)
        let first = try Self.open(1, in: &coordinator)
        let second = try Self.open(2, in: &coordinator)
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        _ = try coordinator.attach(
            AttachRequest(target: .id(first)),
            connection: ConnectionID(7),
            now: 0,
            ids: &ids,
            effects: &effects
        )
        _ = try coordinator.attach(
            AttachRequest(target: .id(second), phase: .inactive),
            connection: ConnectionID(8),
            now: 0,
            ids: &ids,
            effects: &effects
        )
        point.commitStarted(&coordinator)
        point.committed(&coordinator, nothingQueued: true)

        // Requests: 7 moves to a new window; the daemon on its own: 8's connection closed.
        coordinator.detach(connection: ConnectionID(7), now: 1, effects: &effects)
        let third = try Self.open(3, in: &coordinator)
        _ = try coordinator.attach(
            AttachRequest(target: .id(third)),
            connection: ConnectionID(7),
            now: 1,
            ids: &ids,
            effects: &effects
        )
        point.commitStarted(&coordinator)
        let closed = OwnChange.detach(ConnectionID(8), now: 2)
        closed.apply(to: &coordinator, effects: &effects)
        point.madeOwnChange(closed)
        point.failed(&coordinator)

        #expect(
            coordinator.registry.window(presentedBy: ConnectionID(7))?.id.rawValue == first,
            "7 presents what it did at the last commit"
        )
        #expect(coordinator.registry.window(presentedBy: ConnectionID(8)) == nil, "8 left, and stays gone")
        #expect(coordinator.registry.count == 2)
        #expect(coordinator.aggregate == .active)
        #expect(coordinator.registry.attachedCount == 1)
    }
}

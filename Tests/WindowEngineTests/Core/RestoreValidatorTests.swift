import Testing
import WindowEngine
import WindowProtocol

@Suite("Restore validation")
struct RestoreValidatorTests {
    static let groups: [String: WindowGroup] = [
        "detail": WindowGroup(id: "detail", valueType: .int),
        "scratch": WindowGroup(id: "scratch", valueType: .string, restore: false),
    ]

    static func stored(_ group: String, _ value: JSONValue, order: UInt64) -> StoredWindow {
        StoredWindow(id: .random(), group: group, value: value, createdAt: "2026-11-22T08:00:00Z", order: order)
    }

    @Test("each drop reason, and what is kept comes back detached with its storage")
    func reasons() {
        let kept = Self.stored("detail", .int(42), order: 0)
        let removed = Self.stored("gone", .int(1), order: 1)
        let disabled = Self.stored("scratch", .string("x"), order: 2)
        let unparsable = Self.stored("detail", .string("forty-two"), order: 3)
        let duplicate = Self.stored("detail", .string("42"), order: 4)
        let state = StoredState(
            windows: [unparsable, removed, kept, duplicate, disabled],
            storage: [kept.id: ["tab": .int(1)], removed.id: ["x": .null]]
        )
        let (registry, dropped, changes) = RestoreValidator.validate(state, groups: Self.groups, now: 0)
        let windows = registry.list()
        #expect(windows.map(\.id) == [kept.id])
        #expect(windows.first?.storage.values == ["tab": .int(1)])
        #expect(windows.first?.phase == .background && windows.first?.presenter == nil)
        let reasons = Dictionary(uniqueKeysWithValues: dropped.map { ($0.0, $0.1) })
        #expect(reasons[removed.id] == .groupRemoved("gone"))
        #expect(reasons[disabled.id] == .restoreDisabled("scratch"))
        if case .valueNoLongerParses? = reasons[unparsable.id] {
        } else {
            Issue.record("unparsable value kept: \(String(describing: reasons[unparsable.id]))")
        }
        #expect(reasons[duplicate.id] == .duplicateValue(of: kept.id))
        #expect(changes == dropped.map { .windowClosed($0.0) }, "the dropped windows are closed in the store")
    }

    @Test(
        "without a stored session unexpired at the restart, the windows of requires_auth groups are dropped with their storage"
    )
    func signedOut() {
        let groups = Self.groups.merging(["orders": WindowGroup(id: "orders", valueType: .string, requiresAuth: true)])
        { $1 }
        let order = Self.stored("orders", .string("o-1"), order: 0)
        let detail = Self.stored("detail", .int(1), order: 1)
        var state = StoredState(windows: [order, detail], storage: [order.id: ["card": .string("4111-1111")]])
        state.session = Session(user: "alice", issuedAt: 0, expiresAt: 50)
        let kept = RestoreValidator.validate(state, groups: groups, now: 49)
        #expect(kept.windows.list().map(\.id) == [order.id, detail.id])
        let expired = RestoreValidator.validate(state, groups: groups, now: 50)
        #expect(expired.windows.list().map(\.id) == [detail.id])
        state.session = nil
        let (registry, dropped, changes) = RestoreValidator.validate(state, groups: groups, now: 0)
        #expect(changes == [.windowClosed(order.id)])
        #expect(registry.list().map(\.id) == [detail.id])
        #expect(dropped.map(\.0) == [order.id])
        #expect(dropped.first?.1 == .signedOut("orders"))
        #expect(
            dropped.first?.1.description == "group 'orders' needs a signed-in user and no valid session is restored"
        )
    }

    @Test("a presenter kept from before the restart is awaited back only while its process is there")
    func presenterGone() {
        var stopped = Self.stored("detail", .int(1), order: 0)
        stopped.presenter = PresenterProcess(pid: 41, startTime: 7, bootID: "b")
        var gone = Self.stored("detail", .int(2), order: 1)
        gone.presenter = PresenterProcess(pid: 42, startTime: 7, bootID: "b")
        let (registry, _, _) = RestoreValidator.validate(
            StoredState(windows: [stopped, gone], storage: [:]),
            groups: Self.groups,
            now: 0,
            probe: { $0.pid == 41 ? .stopped : .gone }
        )
        #expect(registry.list().map(\.awaited?.pid) == [41, nil])
    }

    @Test(
        "a window active when windowd went away was active until the restart, is not active now, and the store is told"
    )
    func activeAtStop() {
        var active = Self.stored("detail", .int(1), order: 0)
        active.lastActiveAt = "2026-11-22T08:00:01.000Z"
        active.active = true
        active.presenter = PresenterProcess(pid: 41, startTime: 7, bootID: "b")
        var later = Self.stored("detail", .int(2), order: 1)
        later.lastActiveAt = "2026-11-22T08:00:02.000Z"
        var dropped = Self.stored("gone", .int(3), order: 2)
        dropped.active = true
        let restart = 1_795_939_200.25  // 2026-11-29T08:00:00.250Z
        let (registry, _, changes) = RestoreValidator.validate(
            StoredState(windows: [active, later, dropped]),
            groups: Self.groups,
            now: restart,
            probe: { _ in .running }
        )
        let windows = registry.list()
        #expect(windows.map(\.lastActiveAt) == ["2026-11-29T08:00:00.250Z", "2026-11-22T08:00:02.000Z"])
        #expect(windows.allSatisfy { $0.phase == .background && $0.presenter == nil })
        #expect(windows.first?.awaited?.pid == 41, "its presenter still runs: awaited back, to report its phase")
        #expect(
            changes == [
                .windowClosed(dropped.id), .windowActive(active.id, at: "2026-11-29T08:00:00.250Z", active: false),
            ]
        )
        let (_, _, none) = RestoreValidator.validate(StoredState(windows: [later]), groups: Self.groups, now: restart)
        #expect(none.isEmpty, "a window not active when windowd went away is left as it was")
    }
}

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
        let (registry, dropped) = RestoreValidator.validate(state, groups: Self.groups)
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
    }

    @Test("without a restorable session, the windows of requires_auth groups are dropped with their storage")
    func signedOut() {
        let groups = Self.groups.merging(["orders": WindowGroup(id: "orders", valueType: .string, requiresAuth: true)])
        { $1 }
        let order = Self.stored("orders", .string("o-1"), order: 0)
        let detail = Self.stored("detail", .int(1), order: 1)
        let state = StoredState(windows: [order, detail], storage: [order.id: ["card": .string("4111-1111")]])
        let kept = RestoreValidator.validate(state, groups: groups)
        #expect(kept.windows.list().map(\.id) == [order.id, detail.id])
        let (registry, dropped) = RestoreValidator.validate(state, groups: groups, sessionRestorable: false)
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
        let (registry, _) = RestoreValidator.validate(
            StoredState(windows: [stopped, gone], storage: [:]),
            groups: Self.groups,
            probe: { $0.pid == 41 ? .stopped : .gone }
        )
        #expect(registry.list().map(\.awaited?.pid) == [41, nil])
    }
}

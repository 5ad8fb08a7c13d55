import Testing
import WindowCore
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
            storage: [kept.id: ["tab": .int(1)], removed.id: ["x": .null]])
        let (registry, dropped) = RestoreValidator.validate(state, groups: Self.groups)
        let windows = registry.list()
        #expect(windows.map(\.id) == [kept.id])
        #expect(windows.first?.storage.values == ["tab": .int(1)])
        #expect(windows.first?.phase == .background && windows.first?.presenter == nil)
        let reasons = Dictionary(uniqueKeysWithValues: dropped.map { ($0.0, $0.1) })
        #expect(reasons[removed.id] == .groupRemoved("gone"))
        #expect(reasons[disabled.id] == .restoreDisabled("scratch"))
        if case .valueNoLongerParses? = reasons[unparsable.id] {} else { Issue.record("unparsable value kept: \(String(describing: reasons[unparsable.id]))") }
        #expect(reasons[duplicate.id] == .duplicateValue(of: kept.id))
    }
}

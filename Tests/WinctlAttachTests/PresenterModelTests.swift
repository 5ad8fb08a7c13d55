import Testing
import WindowKit
import WindowProtocol

@testable import winctl_attach

@Suite("Presenter model: replies and events")
struct PresenterModelTests {
    @Test("the panel is read from scene storage, kept when a re-attach brings none")
    func panelFromStorage() {
        var model = Fixtures.model(storage: [Panel.storageKey: .string("storage")])
        #expect(model.panel == .storage)
        model.adopt(Fixtures.attached(storage: [:]))
        #expect(model.panel == .storage, "a daemon that lost the storage does not reset the view")
        model.adopt(storage: [Panel.storageKey: .string("windows")])
        #expect(model.panel == .windows)
        model.adopt(storage: [Panel.storageKey: .string("nonsense")])
        #expect(model.panel == .windows)
    }

    @Test("Tab order wraps around")
    func panelOrder() {
        #expect(Panel.windows.next == .storage)
        #expect(Panel.storage.next == .windows)
        #expect(Panel.windows.previous == .storage)
    }

    @Test("a snapshot replaces the windows and updates this one; events add, change and remove")
    func windows() {
        var model = Fixtures.model()
        let other = Fixtures.window(
            "77777777-0000-4000-8000-000000000007",
            value: .int(7),
            phase: .background,
            attached: false
        )
        model.adopt(
            EventsSubscribe.Snapshot(
                state: .unauthenticated,
                phase: .inactive,
                windows: [Fixtures.window(phase: .inactive), other]
            )
        )
        #expect(model.state == .unauthenticated)
        #expect(model.aggregate == .inactive)
        #expect(model.window.phase == .inactive)
        #expect(model.otherWindows == [other])

        var changed = other
        changed.phase = .active
        model.update(changed)
        #expect(model.otherWindows.first?.phase == .active)
        model.remove(changed)
        #expect(model.otherWindows.isEmpty)
    }

    @Test("a re-attach that fell back to a new window forgets the old id")
    func newWindow() {
        var model = Fixtures.model()
        var result = Fixtures.attached()
        result.window.id = "11111111-0000-4000-8000-000000000001"
        model.adopt(result)
        #expect(model.window.id == "11111111-0000-4000-8000-000000000001")
        #expect(model.windows.count == 1)
    }
}

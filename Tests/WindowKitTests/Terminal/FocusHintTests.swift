import Testing

@testable import WindowKit

@Suite("Focus hint for the visibility watcher")
struct FocusHintTests {
    @Test("a wait for a change of focus ends when the focus goes, and at once when it already went")
    func waitsForTheChange() async {
        let hint = FocusHint(focused: true)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await hint.waitForChange(from: true) }
            hint.set(true)  // no change: the wait goes on
            hint.set(false)
            await group.waitForAll()
        }
        #expect(!hint.isFocused)
        await hint.waitForChange(from: true)  // already changed: returns at once
    }

    @Test("a cancelled wait ends")
    func cancelled() async {
        let hint = FocusHint(focused: true)
        let waiting = Task { await hint.waitForChange(from: true) }
        waiting.cancel()
        await waiting.value
        #expect(hint.isFocused)
    }
}

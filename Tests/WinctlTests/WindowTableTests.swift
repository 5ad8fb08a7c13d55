import Testing
import WindowProtocol

@testable import winctl

/// `winctl list --recent` and `winctl last`: which window was used most recently.
@Suite("winctl list --recent: the order of use")
struct WindowTableTests {
    func window(_ id: String, _ phase: ScenePhase, lastActive: String?) -> WindowInfo {
        WindowInfo(
            id: id,
            group: "file",
            value: .string(id),
            phase: phase,
            attached: true,
            createdAt: "2026-12-06T00:00:00Z",
            lastActiveAt: lastActive
        )
    }

    @Test("a window active now comes first, though it became active before another stopped being it; never active last")
    func activeNowFirst() {
        let windows = [
            window("never", .background, lastActive: nil),
            window("htop", .active, lastActive: "2026-12-06T10:00:00.000Z"),
            window("vim", .background, lastActive: "2026-12-06T10:05:00.000Z"),
            window("less", .inactive, lastActive: "2026-12-06T10:01:00.000Z"),
        ]
        #expect(WindowTable.recent(windows).map(\.id) == ["htop", "vim", "less", "never"])
    }
}

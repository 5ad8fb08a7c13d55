import TestSupport
import Testing
import WindowKit

/// ``WindowScene/present(group:value:phase:options:)`` against the real daemon: present the
/// window here, or bring its presenter to front, in one call.
@Suite("WindowKit: present or bring to front", .serialized, .timeLimit(.minutes(3)))
struct PresentTests {
    @Test(
        "a free window is presented here; a presented one is brought to front where it is, and nothing is presented twice"
    )
    func presentOrBringToFront() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let options = ConnectionOptions(socketPath: daemon.socketPath)
        guard
            case .presenting(let first) = try await WindowScene.present(group: "notes", value: "todo", options: options)
        else {
            Issue.record("a window nobody presents is presented here")
            return
        }
        let requests = first.focusRequests
        guard
            case .broughtToFront(let opened) = try await WindowScene.present(
                group: "notes",
                value: "todo",
                options: options
            )
        else {
            Issue.record("a presented window is brought to front, not presented twice")
            return
        }
        #expect(opened.window.id == first.id && opened.broughtToFront)
        #expect(
            try await AsyncWaiting.first("the focus request at the first presenter", in: requests).window.id == first.id
        )

        try await first.detach()
        guard
            case .presenting(let second) = try await WindowScene.present(
                group: "notes",
                value: "todo",
                options: options
            )
        else {
            Issue.record("a window whose presenter left is presented here")
            return
        }
        #expect(second.id == first.id && second.window.attached)
        await second.close()
        await first.close()
    }
}

import TestSupport
import Testing
import WindowKit

/// ``AppClient/restoreWindows(groups:dryRun:atLogin:)`` against the real daemon: the windows
/// whose presenter is gone, said by a dry run and started by a restore.
@Suite("WindowKit: restoring windows", .serialized, .timeLimit(.minutes(3)))
struct RestoreWindowsTests {
    @Test(
        "a dry run lists a window with no presenter and starts nothing; a restore starts its command and says why it could not; other groups and at-login leave it"
    )
    func dryRunThenRestore() async throws {
        let daemon = try DaemonProcess.start(
            config: TestConfig.text(
                extra: """

                    [groups.shown]
                    value = "int"
                    command = ["windowd-no-such-program", "{id}"]
                    """
            )
        )
        defer { daemon.stop() }
        let app = try await AppClient.connect(ConnectionOptions(socketPath: daemon.socketPath))
        let opened = try await app.openWindow(group: "shown", value: 5)
        #expect(opened.launchFailure != nil, "its program is nowhere: \(opened)")
        _ = try await app.openWindow(group: "detail", value: 1)

        for _ in 1...2 {
            let dry = try await app.restoreWindows(dryRun: true)
            #expect(dry.map(\.window.id) == [opened.window.id], "a group with no command is not restored: \(dry)")
            #expect(dry.first?.outcome == .detached && dry.first?.launchFailure == nil, "nothing started: \(dry)")
        }
        #expect(try await app.restoreWindows(groups: ["detail"]).isEmpty)
        #expect(try await app.restoreWindows(atLogin: true).isEmpty, "its group comes back on open, not at login")

        let restored = try await app.restoreWindows(groups: ["shown"])
        #expect(restored.map(\.window.id) == [opened.window.id])
        #expect(restored.first?.outcome == .relaunched, "\(restored)")
        #expect(
            restored.first?.launchFailure == "there is no program windowd-no-such-program on PATH",
            "\(restored)"
        )
        let again = try await app.restoreWindows()
        #expect(again.first?.outcome == .relaunched, "the daemon was told, so it does not wait for it: \(again)")

        let unknown = await #expect(throws: WindowKitError.self) { try await app.restoreWindows(groups: ["nope"]) }
        #expect(unknown?.reason == .unknownGroup)
        await app.close()
    }
}

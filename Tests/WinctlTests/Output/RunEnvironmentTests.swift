import Testing
import WinctlOutput
import WindowProtocol

/// What `winctl run` adds to its program's environment.
@Suite("winctl run's environment")
struct RunEnvironmentTests {
    private static let window = WindowInfo(
        id: "0a1b2c3d-0000-4000-8000-000000000042",
        group: "file",
        value: .string("/home/me/notes.md"),
        phase: .active,
        attached: true,
        createdAt: "2026-01-01T00:00:00Z"
    )

    @Test("the window's id, group, value and the socket; the app only when chosen")
    func variables() {
        #expect(
            RunEnvironment.variables(window: Self.window, socketPath: "/run/w/editor.sock", app: "editor") == [
                "WINDOWD_WINDOW_ID": "0a1b2c3d-0000-4000-8000-000000000042", "WINDOWD_GROUP": "file",
                "WINDOWD_VALUE": "/home/me/notes.md", "WINDOWD_SOCKET": "/run/w/editor.sock", "WINDOWD_APP": "editor",
            ]
        )
        let none = WindowInfo(
            id: "x",
            group: "main",
            value: .null,
            phase: .active,
            attached: true,
            createdAt: "2026-01-01T00:00:00Z"
        )
        #expect(
            RunEnvironment.variables(window: none, socketPath: "/s", app: nil) == [
                "WINDOWD_WINDOW_ID": "x", "WINDOWD_GROUP": "main", "WINDOWD_VALUE": "", "WINDOWD_SOCKET": "/s",
            ]
        )
        #expect(
            RunEnvironment.variables(
                window: .init(id: "y", group: "g", value: .int(42), phase: .active, attached: true, createdAt: ""),
                socketPath: "/s",
                app: ""
            )["WINDOWD_VALUE"] == "42"
        )
    }

    @Test("merged over the presenter's environment: the window's win; an inherited WINDOWD_APP goes without an app")
    func merged() {
        let base = ["PATH": "/bin", "WINDOWD_APP": "other", "WINDOWD_SOCKET": "/old"]
        let merged = RunEnvironment.merged(["WINDOWD_SOCKET": "/new", "WINDOWD_WINDOW_ID": "x"], into: base)
        #expect(merged == ["PATH": "/bin", "WINDOWD_SOCKET": "/new", "WINDOWD_WINDOW_ID": "x"])
        #expect(RunEnvironment.merged(["WINDOWD_APP": "editor"], into: base)["WINDOWD_APP"] == "editor")
    }
}

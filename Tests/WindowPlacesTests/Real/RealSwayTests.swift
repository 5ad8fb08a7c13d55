import TestSupport
import Testing
import WindowPlaces
import WindowProtocol

extension RealEnvironmentTests {
    /// sway with foot for real, headless, as an unprivileged user.
    @Suite("Places for real: sway + foot", .serialized, .enabled(if: TestEnvironment.installed(["sway", "foot", "runuser"], for: "sway")))
    struct RealSwayTests {
        @Test("a foot window's place under sway (foot's pid); bring to front over sway's IPC; launch opens a foot window")
        func sway() throws {
            let sway = try SwaySession()
            let first = try sway.exec(["foot", "-T", "first"], running: ["sleep", "600"], name: "first")
            _ = try sway.exec(["foot", "-T", "second"], running: ["sleep", "601"], name: "second")
            let foot = try #require(ProcessTable.terminalPID(of: first))
            #expect(Poll.until { WindowTree.focused(socket: sway.socket)?.name == "second" })

            let environment = try #require(ProcessTable.settledEnvironment(of: first))
            let place = PlaceDetector.live.detect(environment: environment, terminalPID: foot)
            #expect(place == Place(kind: .sway, socket: sway.socket, display: environment["WAYLAND_DISPLAY"], pid: foot))
            #expect(WindowTree.windows(socket: sway.socket).first { $0.name == "first" }?.pid == foot)

            #expect(PlaceActions.perform(PlaceCommands.bringToFront(place)) == [.done])
            #expect(Poll.until { WindowTree.focused(socket: sway.socket)?.pid == foot })

            let steps = PlaceCommands.launch(argv: PidFile.command(writing: sway.directory.file("launched.pid"), then: ["sleep", "602"]),
                                             title: "launched", at: place, environment: environment.merging(["TERMINAL": "foot"]) { $1 },
                                             variables: LaunchVariables(socket: "/run/test/windowd.sock", app: "notes", windowID: "w-1"))
            #expect(PlaceActions.perform(steps) == [.done])
            let launched = try PidFile.pid("launched.pid", in: sway.directory)
            #expect(ProcessTable.settledEnvironment(of: launched)?["WINDOWD_WINDOW_ID"] == "w-1")
            #expect(Poll.until { WindowTree.windows(socket: sway.socket).contains { $0.name == "launched" } })
        }
    }
}

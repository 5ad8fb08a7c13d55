import TestSupport
import Testing
import WindowClient
import WindowProtocol

extension RealEnvironmentTests {
    /// i3 with xterm for real, under Xvfb.
    @Suite(
        "Places for real: i3 + xterm",
        .serialized,
        .enabled(if: TestEnvironment.installed(["Xvfb", "i3", "xterm"], for: "i3"))
    )
    struct RealI3Tests {
        @Test("an xterm's place under i3; bring to front focuses it over i3's IPC; launch opens a terminal window")
        func i3() throws {
            let x = try XvfbDisplay()
            let i3 = try I3Session(on: x)
            let first = try i3.exec(["xterm", "-T", "first", "-e"], running: ["sleep", "600"], name: "first")
            let second = try i3.exec(["xterm", "-T", "second", "-e"], running: ["sleep", "601"], name: "second")
            let environment = try #require(ProcessTable.settledEnvironment(of: first))
            let firstWindow = try #require(environment["WINDOWID"])
            #expect(
                Poll.until {
                    WindowTree.focused(socket: i3.socket)?.window
                        == Int64(ProcessTable.settledEnvironment(of: second)?["WINDOWID"] ?? "")
                }
            )

            let place = PlaceDetector.live.detect(
                environment: environment,
                terminalPID: ProcessTable.terminalPID(of: first)
            )
            #expect(
                place.withoutOuter
                    == Place(
                        kind: .i3,
                        socket: i3.socket,
                        window: firstWindow,
                        display: x.display,
                        pid: ProcessTable.terminalPID(of: first)
                    )
            )

            #expect(PlaceActions.perform(PlaceCommands.bringToFront(place)) == [.done])
            #expect(Poll.until { WindowTree.focused(socket: i3.socket)?.window == Int64(firstWindow) })
            #expect(x.xdotool(["getactivewindow"]) == firstWindow)

            let steps = PlaceCommands.launch(
                argv: PidFile.command(writing: i3.directory.file("launched.pid"), then: ["sleep", "602"]),
                title: "launched",
                at: place,
                environment: environment.merging(["TERMINAL": "xterm"]) { $1 },
                variables: LaunchVariables(socket: "/run/test/windowd.sock", app: "notes", windowID: "w-1")
            )
            #expect(PlaceActions.perform(steps) == [.done])
            let launched = try PidFile.pid("launched.pid", in: i3.directory)
            #expect(ProcessTable.settledEnvironment(of: launched)?["DISPLAY"] == x.display)
            #expect(ProcessTable.settledEnvironment(of: launched)?["WINDOWD_SOCKET"] == "/run/test/windowd.sock")
            #expect(Poll.until { WindowTree.windows(socket: i3.socket).contains { $0.name == "launched" } })
        }
    }
}

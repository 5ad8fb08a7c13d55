import TestSupport
import Testing
import WindowClient
import WindowProtocol

extension RealEnvironmentTests {
    /// GNU screen for real: a session with two windows and a display attached.
    @Suite(
        "Places for real: GNU screen",
        .serialized,
        .enabled(if: TestEnvironment.installed(["screen", "script"], for: "screen"))
    )
    struct RealScreenTests {
        @Test("a launch's arguments reach the program as they were, though screen expands $VAR and ^X in its own")
        func expansions() throws {
            let session = try ScreenSession(command: ["sleep", "600"])
            let place = Place(kind: .screen, session: session.name, window: "0")
            let words = ["$HOME", "a$1", "${X}", "^A", "x\\y", "\\$", "a;b", "\"q\""]
            let text = LaunchedArguments.received(words, title: "$HOME", at: place, in: session.directory)
            #expect(text == words.joined(separator: "\n") + "\n")
        }

        @Test("a window's place from its environment; bring to front selects it; launch opens a screen window")
        func screen() throws {
            let session = try ScreenSession(command: ["sleep", "600"])
            let first = try ScreenSession.spawnPID(session, name: "first", title: "first")
            _ = try ScreenSession.spawnPID(session, name: "second", title: "second")
            try session.attachDisplay()
            #expect(session.currentWindow() != nil && session.currentWindow() != first.window)

            let environment = try #require(ProcessTable.settledEnvironment(of: first.pid))
            let place = PlaceDetector.live.detect(
                environment: environment,
                terminalPID: ProcessTable.terminalPID(of: first.pid)
            )
            #expect(place == Place(kind: .screen, session: environment["STY"], window: first.window))

            #expect(PlaceActions.perform(PlaceCommands.bringToFront(place)) == [.done])
            #expect(Poll.until { session.currentWindow() == first.window })

            let steps = PlaceCommands.launch(
                argv: PidFile.command(writing: session.directory.file("launched.pid"), then: ["sleep", "602"]),
                title: "launched",
                at: place,
                environment: ["WINDOWD_PLACES_TEST": "1"],
                variables: LaunchVariables(socket: "/run/test/windowd.sock", app: "notes", windowID: "w-1")
            )
            #expect(PlaceActions.perform(steps) == [.done])
            let pid = try PidFile.pid("launched.pid", in: session.directory)
            let launched = try #require(ProcessTable.settledEnvironment(of: pid))
            #expect(launched["WINDOWD_PLACES_TEST"] == nil, "the opener's own WINDOWD_ variables are not the launch's")
            #expect(
                launched["WINDOWD_SOCKET"] == "/run/test/windowd.sock" && launched["WINDOWD_APP"] == "notes"
                    && launched["WINDOWD_WINDOW_ID"] == "w-1"
            )
            #expect(launched["STY"] == environment["STY"])
            #expect(session.windows()?.count == 4)
        }

        @Test("screen says which window a display shows: none while detached, the current one once attached")
        func visibility() throws {
            let session = try ScreenSession(command: ["sleep", "600"])
            let first = try ScreenSession.spawnPID(session, name: "first", title: "first  window")
            let second = try ScreenSession.spawnPID(session, name: "second", title: "second")
            let environment = try #require(ProcessTable.settledEnvironment(of: first.pid))
            let sty = try #require(environment["STY"])
            func visibility(_ window: String) -> Visibility? {
                TestEnvironment.output(ScreenVisibility.query(session: sty)).flatMap {
                    ScreenVisibility.visibility(ofWindow: window, inWindows: $0)
                }
            }
            #expect(visibility(first.window) == .hidden, "detached: no one sees any window")
            #expect(visibility(second.window) == .hidden)
            try session.attachDisplay()
            #expect(Poll.until { visibility(second.window) == .shown })
            #expect(visibility(first.window) == .hidden)
            session.screen(["-X", "select", first.window])
            #expect(Poll.until { visibility(first.window) == .shown })
            #expect(visibility(second.window) == .hidden)
        }
    }
}

extension ScreenSession {
    /// Opens a window titled `title` running `sleep` that writes its pid; its pid and window number.
    static func spawnPID(_ session: ScreenSession, name: String, title: String) throws -> (pid: Int32, window: String) {
        session.screen(
            ["-X", "screen", "-t", title]
                + PidFile.command(writing: session.directory.file(name + ".pid"), then: ["sleep", "600"])
        )
        let pid = try PidFile.pid(name + ".pid", in: session.directory)
        let environment = try #require(ProcessTable.settledEnvironment(of: pid, having: "WINDOW"))
        return (pid, try #require(environment["WINDOW"]))
    }
}

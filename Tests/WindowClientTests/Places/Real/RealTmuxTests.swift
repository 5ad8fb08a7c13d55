import TestSupport
import Testing
import WindowClient
import WindowProtocol

extension RealEnvironmentTests {
    /// tmux for real: a private server, two windows, a client attached on a pseudo-terminal.
    @Suite(
        "Places for real: tmux",
        .serialized,
        .enabled(if: TestEnvironment.installed(["tmux", "script"], for: "tmux"))
    )
    struct RealTmuxTests {
        @Test(
            "a launch tmux refuses (40 KB: command too long) or that cannot run (160 KB: the argument list too long) says why in one short line"
        )
        func refusedLaunch() throws {
            let server = try TmuxServer(command: ["sleep", "600"])
            let first = try #require(server.panes().first)
            let place = Place(kind: .tmux, socket: server.socket, pane: first.pane, session: "$0")
            for (size, reason) in [(40_000, "command too long"), (160_000, "Argument list too long")] {
                let failure = OwnPlace.launch(
                    ["sleep", String(repeating: "1", count: size)],
                    title: "long",
                    at: place,
                    variables: LaunchVariables(windowID: "w-3")
                )
                let line = try #require(failure)
                #expect(line.contains(reason) && line.utf8.count < 400, "\(line.utf8.count) bytes: \(line.prefix(600))")
            }
        }

        @Test("a launch's arguments that end in ';' (a file named so) reach the program as they were")
        func semicolons() throws {
            let server = try TmuxServer(command: ["sleep", "600"])
            let first = try #require(server.panes().first)
            let place = Place(kind: .tmux, socket: server.socket, pane: first.pane, session: "$0")
            let words = ["a;", "b\\;", ";", "c"]
            let text = LaunchedArguments.received(words, title: "#{session_name} x;", at: place, in: server.directory)
            #expect(text == words.joined(separator: "\n") + "\n")
            #expect(server.tmux(["list-windows", "-F", "#{window_name}"])?.contains("#{session_name} x;") == true)
        }

        @Test("a pane's place from its environment; bring to front selects it; launch opens a window in its session")
        func tmux() throws {
            let server = try TmuxServer(command: ["sleep", "600"])
            let first = try #require(server.panes().first)
            _ = try server.newWindow(["sleep", "601"])
            // The client runs in a (pretend) kitty window: that is the pane's outer place.
            try server.attachClient(environment: ["KITTY_WINDOW_ID": "5", "KITTY_LISTEN_ON": "unix:/nonexistent/k"])
            #expect(server.shownPane() != first.pane)

            let environment = try #require(ProcessTable.settledEnvironment(of: first.pid))
            let place = PlaceDetector.live.detect(
                environment: environment,
                terminalPID: ProcessTable.terminalPID(of: first.pid)
            )
            #expect(place.withoutOuter == Place(kind: .tmux, socket: server.socket, pane: first.pane, session: "$0"))
            #expect(place.outer == Place(kind: .kitty, listenOn: "unix:/nonexistent/k", windowID: "5"))

            let results = PlaceActions.perform(PlaceCommands.bringToFront(place), timeout: .seconds(2))
            #expect(results.first == .done)
            #expect(results.count == 2 && results[1] != .done, "the pretend kitty cannot be reached")
            #expect(server.shownPane() == first.pane)

            let steps = PlaceCommands.launch(
                argv: PidFile.command(writing: server.directory.file("launched.pid"), then: ["sleep", "602"]),
                title: "launched",
                at: place,
                environment: ["WINDOWD_PLACES_TEST": "1", "HOME": "/"],
                variables: LaunchVariables(socket: "/run/test/windowd.sock", app: "notes", windowID: "w-1")
            )
            #expect(PlaceActions.perform(steps) == [.done])
            let pid = try PidFile.pid("launched.pid", in: server.directory)
            let launched = try #require(ProcessTable.settledEnvironment(of: pid))
            #expect(launched["WINDOWD_PLACES_TEST"] == nil, "the opener's own WINDOWD_ variables are not the launch's")
            #expect(
                launched["WINDOWD_SOCKET"] == "/run/test/windowd.sock" && launched["WINDOWD_APP"] == "notes"
                    && launched["WINDOWD_WINDOW_ID"] == "w-1"
            )
            #expect(
                server.tmux(["list-windows", "-t", "s", "-F", "#{window_name}"])?.split(separator: "\n").contains(
                    "launched"
                ) == true
            )
            #expect(server.shownPane() == launched["TMUX_PANE"], "the new window is the one shown")

            let missing = OwnPlace.launch(
                ["windowd-no-such-program", "x"],
                title: "missing",
                at: place,
                variables: LaunchVariables(windowID: "w-2")
            )
            #expect(missing == "there is no program windowd-no-such-program on PATH")
            #expect(
                server.tmux(["list-windows", "-t", "s", "-F", "#{window_name}"])?.contains("missing") == false,
                "nothing was started for it"
            )

            // A figure, not a check: the three commands in one tmux run, against `tmux select-window` alone.
            let step = PlaceCommands.bringToFront(place.withoutOuter)
            func median(_ body: () -> Void) -> Duration {
                (0..<5).map { _ in
                    let start = ContinuousClock.now
                    body()
                    return ContinuousClock.now - start
                }.sorted()[2]
            }
            let ours = median { _ = PlaceActions.perform(step) }
            let byHand = median {
                _ = ProcessRunner.run(["tmux", "-S", server.socket, "select-window", "-t", first.pane])
            }
            print("places: tmux bring to front \(ours) (median of 5); `tmux select-window` alone \(byHand)")
        }
    }
}

import TestSupport
import Testing
import WindowClient
import WindowProtocol

extension RealEnvironmentTests {
    /// kitty for real, under Xvfb with no window manager.
    @Suite(
        "Places for real: kitty",
        .serialized,
        .enabled(if: TestEnvironment.installed(["Xvfb", "kitty", "xdotool"], for: "kitty"))
    )
    struct RealKittyTests {
        @Test("a kitty window's place; bring to front focuses it over kitty's socket; launch opens a kitty window")
        func kitty() throws {
            let x = try XvfbDisplay()
            let directory = try TemporaryDirectory("kitty-test")
            let kitty = try KittyInstance(
                on: x,
                command: PidFile.command(writing: directory.file("first.pid"), then: ["sleep", "600"])
            )
            let first = try PidFile.pid("first.pid", in: directory)
            try KittyRemoteControl.send(
                KittyMessage.command(
                    "launch",
                    payload: [
                        "args": .array(
                            PidFile.command(writing: directory.file("second.pid"), then: ["sleep", "601"]).map(
                                JSONValue.string
                            )
                        ), "type": .string("window"),
                    ]
                ),
                to: kitty.listenOn,
                timeout: .seconds(10)
            )
            _ = try PidFile.pid("second.pid", in: directory)
            let firstWindow = try #require(try kitty.windows().first { $0.pid == first }?.id)
            #expect(Poll.until { kitty.focusedWindow() != nil && kitty.focusedWindow() != firstWindow })

            let environment = try #require(ProcessTable.settledEnvironment(of: first))
            let place = PlaceDetector.live.detect(
                environment: environment,
                terminalPID: ProcessTable.terminalPID(of: first)
            )
            #expect(
                place.withoutOuter
                    == Place(kind: .kitty, listenOn: kitty.listenOn, windowID: String(firstWindow), pid: kitty.pid)
            )
            #expect(place.outer?.kind == .x11)
            #expect(place.outer?.display == x.display)

            // A kitty started since at the same address is not the window's: its ids are its own.
            var gone = place.withoutOuter
            gone.pid = kitty.pid + 1
            guard case .failed(let why) = PlaceActions.perform(PlaceCommands.bringToFront(gone)).first else {
                Issue.record("another kitty at the same address was sent the focus")
                return
            }
            #expect(why.contains("another kitty (\(kitty.pid)) listens at \(kitty.listenOn)"), "\(why)")

            let results = PlaceActions.perform(PlaceCommands.bringToFront(place))
            // kitty's window, then its X11 window: activation needs a window manager (there is
            // none), the window is raised and the input focus set directly.
            #expect(results.count == 4 && results[0] == .done && results[2] == .done && results[3] == .done)
            #expect(Poll.until { kitty.focusedWindow() == firstWindow })
            #expect(x.focusedWindow() == place.outer?.window)

            let steps = PlaceCommands.launch(
                argv: PidFile.command(writing: directory.file("launched.pid"), then: ["sleep", "602"]),
                title: "launched",
                at: place,
                environment: ["WINDOWD_PLACES_TEST": "1"],
                variables: LaunchVariables(socket: "/run/test/windowd.sock", app: "notes", windowID: "w-1")
            )
            #expect(PlaceActions.perform(steps) == [.done])
            let launched = try PidFile.pid("launched.pid", in: directory)
            let told = ProcessTable.settledEnvironment(of: launched)
            #expect(told?["WINDOWD_PLACES_TEST"] == nil, "the opener's own WINDOWD_ variables are not the launch's")
            #expect(
                told?["WINDOWD_SOCKET"] == "/run/test/windowd.sock" && told?["WINDOWD_APP"] == "notes"
                    && told?["WINDOWD_WINDOW_ID"] == "w-1"
            )
            #expect(try kitty.windows().count == 3)

            // A figure, not a check (the machine is shared): our socket client against kitty's CLI.
            let step = PlaceCommands.bringToFront(place.withoutOuter)
            var ours: [Duration] = []
            for _ in 0..<5 {
                let start = ContinuousClock.now
                #expect(PlaceActions.perform(step) == [.done])
                ours.append(ContinuousClock.now - start)
            }
            let start = ContinuousClock.now
            let cli = ProcessRunner.run(
                ["kitty", "@", "--to", kitty.listenOn, "focus-window", "--match", "id:\(firstWindow)"],
                timeout: .seconds(30)
            )
            let cliTime = ContinuousClock.now - start
            print(
                "places: kitty focus-window over the socket \(ours.sorted()[2]) (median of 5); `kitty @ focus-window` \(cliTime) (ok: \(cli))"
            )
        }
    }
}

import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

extension RealEnvironmentTests {
    /// Bare X11 for real: Xvfb and xterm, no window manager.
    @Suite(
        "Places for real: X11 without a window manager",
        .serialized,
        .enabled(if: TestEnvironment.installed(["Xvfb", "xterm", "xdotool", "xwininfo"], for: "X11"))
    )
    struct RealX11Tests {
        @Test("an xterm's place; bring to front gives it the input focus; launch opens an xterm")
        func x11() throws {
            let x = try XvfbDisplay()
            let directory = try TemporaryDirectory("x11-test")
            var terminals: [BackgroundProcess] = []
            defer { terminals.forEach { $0.stop() } }
            for name in ["first", "second"] {
                terminals.append(
                    try BackgroundProcess(
                        ["xterm", "-T", name, "-e"]
                            + PidFile.command(writing: directory.file(name + ".pid"), then: ["sleep", "600"]),
                        environment: TestEnvironment.base(["DISPLAY": x.display]),
                        log: directory.file(name + ".log")
                    )
                )
            }
            let first = try PidFile.pid("first.pid", in: directory)
            let second = try PidFile.pid("second.pid", in: directory)
            let environment = try #require(ProcessTable.settledEnvironment(of: first))
            let secondWindow = try #require(ProcessTable.settledEnvironment(of: second)?["WINDOWID"])
            #expect(x.xdotool(["windowfocus", "--sync", secondWindow]) != nil)

            let place = PlaceDetector.live.detect(
                environment: environment,
                terminalPID: ProcessTable.terminalPID(of: first)
            )
            #expect(
                place == Place(kind: .x11, window: environment["WINDOWID"], display: x.display, pid: terminals[0].pid)
            )

            // Both at the same place, the second on top: only a raise shows the first.
            #expect(x.xdotool(["search", "--name", "^second$", "windowraise"]) != nil)
            #expect(Self.topmost(of: ["first", "second"], on: x.display) == "second")
            let results = PlaceActions.perform(PlaceCommands.bringToFront(place))
            #expect(
                results.count == 3 && results[1] == .done && results[2] == .done,
                "windowactivate needs a window manager; the raise and windowfocus do not: \(results)"
            )
            #expect(Poll.until { x.focusedWindow() == environment["WINDOWID"] })
            #expect(Self.topmost(of: ["first", "second"], on: x.display) == "first")

            let steps = PlaceCommands.launch(
                argv: PidFile.command(writing: directory.file("launched.pid"), then: ["sleep", "602"]),
                title: "launched",
                at: place,
                environment: environment.merging(["TERMINAL": "xterm"]) { $1 },
                variables: LaunchVariables(socket: "/run/test/windowd.sock", app: "notes", windowID: "w-1")
            )
            #expect(PlaceActions.perform(steps) == [.done])
            let launched = try PidFile.pid("launched.pid", in: directory)
            #expect(ProcessTable.settledEnvironment(of: launched)?["WINDOWID"] != environment["WINDOWID"])
            #expect(ProcessTable.settledEnvironment(of: launched)?["WINDOWD_WINDOW_ID"] == "w-1")
            #expect(Poll.until { x.xdotool(["search", "--name", "launched"]).map { !$0.isEmpty } ?? false })
        }

        @Test("the X server says an xterm's top-level window is hidden while unmapped, and sends an event when it is")
        func visibility() throws {
            let x = try XvfbDisplay()
            let directory = try TemporaryDirectory("x11-test")
            let terminal = try BackgroundProcess(
                ["xterm", "-T", "watched", "-e"]
                    + PidFile.command(writing: directory.file("watched.pid"), then: ["sleep", "600"]),
                environment: TestEnvironment.base(["DISPLAY": x.display]),
                log: directory.file("watched.log")
            )
            defer { terminal.stop() }
            let pid = try PidFile.pid("watched.pid", in: directory)
            let window = try #require(ProcessTable.settledEnvironment(of: pid)?["WINDOWID"].flatMap { UInt32($0) })
            let client = try X11Client(display: x.display, timeout: .seconds(5))
            let topLevel = try client.topLevel(of: window)
            #expect(
                x.xdotool(["search", "--name", "^watched$"]) == String(topLevel),
                "the child of the root: $WINDOWID (\(window)) or, from an older xterm, its VT widget's parent"
            )
            let tree =
                TestEnvironment.output(["xwininfo", "-children", "-id", String(topLevel)], ["DISPLAY": x.display]) ?? ""
            let child = try #require(
                tree.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix("0x") }?
                    .split(separator: " ").first.flatMap { UInt32($0.dropFirst(2), radix: 16) },
                "xterm's VT widget: \(tree)"
            )
            #expect(try client.topLevel(of: child) == topLevel, "walked up from a widget inside the top-level window")
            #expect(try client.visibility(of: topLevel) == .shown)

            let subscription = try X11Client.subscribe(to: topLevel, display: x.display, timeout: .seconds(5))
            defer { close(subscription) }
            #expect(x.xdotool(["windowunmap", "--sync", String(topLevel)]) != nil)
            #expect(try client.visibility(of: topLevel) == .hidden)
            var event = [UInt8](repeating: 0, count: 32)
            #expect(read(subscription, &event, 32) == 32 && event[0] & 0x7F == 18, "UnmapNotify")
            #expect(x.xdotool(["windowmap", "--sync", String(topLevel)]) != nil)
            #expect(try client.visibility(of: topLevel) == .shown)
        }

        /// Which of the windows titled `titles` is on top: `xwininfo -root -children` lists the
        /// root's children from the topmost down.
        static func topmost(of titles: [String], on display: String) -> String? {
            let lines = TestEnvironment.output(["xwininfo", "-root", "-children"], ["DISPLAY": display]) ?? ""
            return lines.split(separator: "\n").lazy.compactMap { line in titles.first { line.contains("\"\($0)\":") } }
                .first
        }
    }
}

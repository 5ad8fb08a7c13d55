import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl run` (winctl(1), "run") in real xterms under i3 on Xvfb: the real windowd, winctl and
/// programs, run started as xterms' commands through i3's `exec`, checked from outside through
/// the X server's focus and `winctl list --json`.
@Suite(
    "winctl run under i3",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "i3", "xterm", "xdotool"], for: "winctl run under i3")),
    .timeLimit(.minutes(3))
)
struct RunI3Tests {
    @Test(
        "a second run from an xterm of another workspace brings the first's xterm to front and starts nothing; the phase follows what i3 shows"
    )
    func secondRunAndPhases() throws {
        let scenario = try PlaceScenario.running()
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        try scenario.expectSecondRunBringsTheFirstToFront(
            kind: "i3",
            start: { title, argv in _ = try i3.exec(["xterm", "-T", title, "-e"], running: argv, name: title) },
            terminal: { $0["place"]?["window"]?.string },
            focused: { x.focusedWindow() },
            showWorkspace: { try I3IPC.command("workspace \($0)", socket: i3.socket, timeout: .seconds(5)) }
        )
    }

    @Test(
        "in a tabbed or stacked container the run's window is background while another tab is shown, active again when its tab is"
    )
    func tabbedAndStacked() throws {
        let scenario = try PlaceScenario.running()
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        _ = try i3.exec(
            ["xterm", "-T", "tab", "-e"],
            running: scenario.run(
                status: "tab",
                ["file", "t", "--", "/bin/sh", "-c", "exec sleep 600"]
            ),
            name: "tab"
        )
        let shown = try scenario.waitFor("t", phase: "active", timeout: .seconds(30))
        let window = try #require(shown["place"]?["window"]?.string, "\(shown.jsonText)")
        _ = try i3.exec(["xterm", "-T", "other", "-e"], running: ["sleep", "600"], name: "other")
        try scenario.waitFor("t", phase: "inactive", timeout: .seconds(30))

        // The user's layout keys (a binding event; a layout command alone is no event): the other
        // xterm has the focus, its tab is the one shown.
        for key in ["alt+w", "alt+s"] {
            _ = x.xdotool(["key", key])
            try scenario.waitFor("t", phase: "background")
            try I3IPC.command("[id=\(window)] focus", socket: i3.socket, timeout: .seconds(5))
            try scenario.waitFor("t", phase: "active")
            // Side by side again, then shown without the focus.
            _ = x.xdotool(["key", "alt+e"])
            try I3IPC.command("[title=\"^other$\"] focus", socket: i3.socket, timeout: .seconds(5))
            try scenario.waitFor("t", phase: "inactive")
        }
    }

    @Test("winctl close hangs the program up and run exits 129; the program's exit closes the window, its status run's")
    func closeAndExit() throws {
        let scenario = try PlaceScenario.running()
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        let exited = try scenario.expectCloseAndExit { title, argv in
            _ = try i3.exec(["xterm", "-T", title, "-e"], running: argv, name: title)
        }
        let window = try #require(exited["place"]?["window"]?.string, "\(exited.jsonText)")
        try waitUntil("the run's xterm to close") { x.xdotool(["getwindowname", window]) == nil }
    }

    @Test(
        "kill -9 of the daemon leaves the program running in its xterm; after the restart it is presented again, same id and place"
    )
    func daemonCrash() throws {
        let scenario = try PlaceScenario.running()
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        try scenario.expectDaemonCrashLeavesTheProgram(
            start: { title, argv in _ = try i3.exec(["xterm", "-T", title, "-e"], running: argv, name: title) },
            terminal: { $0["place"]?["window"]?.string }
        )
    }
}

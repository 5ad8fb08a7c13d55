import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl run` (winctl(1), "run") in real foot windows under sway, headless: sway refuses to
/// run as root, so the session's user (``SwaySession``) runs sway, windowd and every winctl, as
/// one user's desktop would; checked from outside through sway's tree and `winctl list --json`.
@Suite(
    "winctl run under sway",
    .serialized,
    .enabled(
        if: TestEnvironment.installed(["sway", "foot", "wtype", "runuser", "setpriv"], for: "winctl run under sway")
    ),
    .timeLimit(.minutes(3))
)
struct RunSwayTests {
    /// A sway session with a keyboard (else foot reports no focus), and a run scenario whose
    /// daemon runs as the session's user.
    final class Desktop {
        let sway: SwaySession
        let scenario: PlaceScenario

        init() throws {
            sway = try SwaySession()
            try sway.attachKeyboard()
            scenario = try PlaceScenario.running(as: SwaySession.user)
        }

        /// Starts a foot window through sway's `exec` running `argv`.
        func foot(_ title: String, _ argv: [String]) throws {
            _ = try sway.exec(["foot", "-T", title], running: argv, name: title)
        }
    }

    /// The foot pid of a run's place (sway names a Wayland window by its client's pid).
    static func footPID(_ window: JSONValue) throws -> Int32 {
        let place = window["place"]
        return try #require(
            place?["pid"]?.string.flatMap { Int32($0) } ?? place?["pid"]?.int.map { Int32($0) },
            "\(window.jsonText)"
        )
    }

    @Test(
        "a second run from a foot of another workspace brings the first's foot to front and starts nothing; the phase follows what sway shows"
    )
    func secondRunAndPhases() throws {
        let desktop = try Desktop()
        try desktop.scenario.expectSecondRunBringsTheFirstToFront(
            kind: "sway",
            start: desktop.foot,
            terminal: { "\(try Self.footPID($0))" },
            focused: { WindowTree.focused(socket: desktop.sway.socket)?.pid.map { "\($0)" } },
            showWorkspace: { try I3IPC.command("workspace \($0)", socket: desktop.sway.socket, timeout: .seconds(5)) }
        )
    }

    @Test(
        "in a tabbed or stacked container the run's window is background while another tab is shown, active again when its tab is"
    )
    func tabbedAndStacked() throws {
        let desktop = try Desktop()
        let scenario = desktop.scenario
        try desktop.foot(
            "tab",
            scenario.run(
                status: "tab",
                ["file", "t", "--", "/bin/sh", "-c", "exec sleep 600"]
            )
        )
        let shown = try scenario.waitFor("t", phase: "active", timeout: .seconds(30))
        let foot = try Self.footPID(shown)
        try desktop.foot("other", ["sleep", "600"])
        try scenario.waitFor("t", phase: "inactive", timeout: .seconds(30))

        // The user's layout keys (a binding event; a layout command alone is no event): the other
        // foot has the focus, its tab is the one shown.
        for key in ["w", "s"] {
            try desktop.sway.pressWithAlt(key)
            try scenario.waitFor("t", phase: "background")
            try I3IPC.command("[pid=\(foot)] focus", socket: desktop.sway.socket, timeout: .seconds(5))
            try scenario.waitFor("t", phase: "active")
            // Side by side again, then shown without the focus.
            try desktop.sway.pressWithAlt("e")
            try I3IPC.command("[title=\"^other$\"] focus", socket: desktop.sway.socket, timeout: .seconds(5))
            try scenario.waitFor("t", phase: "inactive")
        }
    }

    @Test("winctl close hangs the program up and run exits 129; the program's exit closes the window, its status run's")
    func closeAndExit() throws {
        let desktop = try Desktop()
        let exited = try desktop.scenario.expectCloseAndExit(start: desktop.foot)
        let foot = try Self.footPID(exited)
        try waitUntil("the run's foot to close") {
            !WindowTree.windows(socket: desktop.sway.socket).contains { $0.pid == foot }
        }
    }

    @Test(
        "kill -9 of the daemon leaves the program running in its foot; after the restart it is presented again, same id and place"
    )
    func daemonCrash() throws {
        let desktop = try Desktop()
        try desktop.scenario.expectDaemonCrashLeavesTheProgram(
            start: desktop.foot,
            terminal: { "\(try Self.footPID($0))" }
        )
    }
}

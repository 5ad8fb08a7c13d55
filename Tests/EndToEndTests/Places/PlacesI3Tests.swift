import TestSupport
import Testing
import WindowClient
import WindowProtocol

/// winctl(1), Attached terminals under i3 with xterm, on Xvfb, checked from outside through the X
/// server's focus: two presenters report their i3 place, `winctl open` of the one behind focuses its
/// xterm over i3's IPC, and the phases follow xterm's focus reports with no keypress.
@Suite(
    "Places under i3",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "i3", "xterm", "xdotool"], for: "Places under i3")),
    .timeLimit(.minutes(3))
)
struct PlacesI3Tests {
    @Test(
        "two xterms under i3: winctl open of the first focuses its window; its phase becomes active, the other's inactive"
    )
    func bringToFrontUnderI3() throws {
        let scenario = try PlaceScenario.attaching()
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        _ = try i3.exec(
            ["xterm", "-T", "first", "-e"],
            running: scenario.attach("1"),
            name: "first"
        )
        let first = try scenario.waitFor("1", timeout: .seconds(30))
        _ = try i3.exec(
            ["xterm", "-T", "second", "-e"],
            running: scenario.attach("2"),
            name: "second"
        )
        try scenario.waitFor("2", phase: "active", timeout: .seconds(30))
        try scenario.waitFor("1", phase: "inactive")
        #expect(first["place"]?["kind"]?.string == "i3", "\(first.jsonText)")
        let window = try #require(first["place"]?["window"]?.string.flatMap { Int64($0) }, "\(first.jsonText)")
        #expect(x.focusedWindow() != String(window))

        let open = try Winctl.run(["open", "detail", "1"], socket: scenario.socket, json: true)
        #expect(try open.json()["outcome"]?.string == "focused", "\(open)")
        try waitUntil("i3 to focus detail 1's xterm") { x.focusedWindow() == String(window) }
        try scenario.waitFor("1", phase: "active")
        try scenario.waitFor("2", phase: "inactive")
        let list = try Winctl.run(["list"], socket: scenario.socket)
        #expect(list.stdout.contains("i3 \(window)"), "\(list)")
    }

    @Test(
        "under i3 the phase is what the user sees: a workspace no output shows is background, for both xterms and for one moved there; one moved and shown in one command notes its new workspace"
    )
    func workspacesUnderI3() throws {
        let scenario = try PlaceScenario.attaching()
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        _ = try i3.exec(
            ["xterm", "-T", "first", "-e"],
            running: scenario.attach("1"),
            name: "first"
        )
        let first = try scenario.waitFor("1", phase: "active", timeout: .seconds(30))
        _ = try i3.exec(
            ["xterm", "-T", "second", "-e"],
            running: scenario.attach("2"),
            name: "second"
        )
        try scenario.waitFor("2", phase: "active", timeout: .seconds(30))
        try scenario.waitFor("1", phase: "inactive")
        let window = try #require(first["place"]?["window"]?.string, "\(first.jsonText)")

        try I3IPC.command("workspace 2", socket: i3.socket, timeout: .seconds(5))
        try scenario.waitFor("1", phase: "background")
        try scenario.waitFor("2", phase: "background")
        try I3IPC.command("workspace 1", socket: i3.socket, timeout: .seconds(5))
        try scenario.waitFor("1", phase: "inactive")
        try scenario.waitFor("2", phase: "active")

        try I3IPC.command("[id=\(window)] move container to workspace 3", socket: i3.socket, timeout: .seconds(5))
        try scenario.waitFor("1", phase: "background")
        try scenario.waitFor("2", phase: "active")
        try I3IPC.command("[id=\(window)] focus", socket: i3.socket, timeout: .seconds(5))
        try scenario.waitFor("1", phase: "active")
        try scenario.waitFor("2", phase: "background")

        // Moved and shown in one command: as visible as before, on another workspace.
        try I3IPC.command(
            "[id=\(window)] move container to workspace 4; workspace 4",
            socket: i3.socket,
            timeout: .seconds(5)
        )
        try waitUntil("1's place to say workspace 4") {
            try scenario.window("1")?["place"]?["workspace"]?.string == "4"
        }
        #expect(try scenario.window("1")?["phase"]?.string == "active")
    }
}

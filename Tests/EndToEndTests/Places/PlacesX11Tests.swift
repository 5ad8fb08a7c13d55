import TestSupport
import Testing
import WindowProtocol

/// windowd-protocol(7), "Scene phase", on bare X11: xterm on Xvfb with no window manager, checked
/// from outside through `winctl list`: the presenter is background while its xterm's top-level
/// window is unmapped, and shown again once it is mapped.
@Suite(
    "Places on bare X11",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "xterm", "xdotool"], for: "Places on bare X11")),
    .timeLimit(.minutes(2))
)
struct PlacesX11Tests {
    @Test("an xterm without a window manager: unmapped, its presenter is background; mapped again, it is shown")
    func unmappedIsBackground() throws {
        let scenario = try PlaceScenario.attaching()
        let directory = scenario.directory
        let x = try XvfbDisplay()
        let xterm = try BackgroundProcess(
            ["xterm", "-T", "first", "-e"] + scenario.attach("1"),
            environment: TestEnvironment.base(["DISPLAY": x.display]),
            log: directory.file("xterm.log")
        )
        defer { xterm.stop() }
        let first = try scenario.waitFor("1", timeout: .seconds(30))
        #expect(first["place"]?["kind"]?.string == "x11", "\(first.jsonText)")
        let window = try #require(first["place"]?["window"]?.string, "\(first.jsonText)")
        #expect(x.xdotool(["windowfocus", "--sync", window]) != nil)
        try scenario.waitFor("1", phase: "active")
        let topLevel = try #require(x.xdotool(["search", "--name", "^first$"]), "xterm's top-level window")

        #expect(x.xdotool(["windowunmap", "--sync", topLevel]) != nil)
        try scenario.waitFor("1", phase: "background")
        #expect(x.xdotool(["windowmap", "--sync", topLevel]) != nil)
        try waitUntil("detail 1 to be shown again") {
            let phase = try scenario.window("1")?["phase"]?.string
            return phase == "active" || phase == "inactive"
        }
    }
}

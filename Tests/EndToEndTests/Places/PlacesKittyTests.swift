import Testing
import WindowProtocol

#if canImport(Glibc)
import TestSupport
import Glibc
#endif

/// winctl(1), Attached terminals in a real kitty under Xvfb, checked from outside through kitty's remote
/// control: a value opened from inside kitty launches a new kitty window beside the opener
/// that attaches by itself, `winctl open` of a shown value focuses its kitty window, and the
/// phases follow the focus kitty reports (CSI ?1004) with no keypress.
@Suite(
    "Places in kitty",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "kitty"], for: "Places in kitty")),
    .timeLimit(.minutes(3))
)
struct PlacesKittyTests {
    @Test(
        "a value opened inside kitty opens a kitty window that attaches; winctl open of the first focuses its kitty window; phases follow the focus, and another tab in front makes both background"
    )
    func kittyLaunchAndFocus() throws {
        let scenario = try PlaceScenario.attaching()
        let x = try XvfbDisplay()
        let kitty = try KittyInstance(on: x, command: scenario.attach("1"))
        let first = try scenario.waitFor("1", phase: "active")
        #expect(first["place"]?["kind"]?.string == "kitty", "\(first.jsonText)")
        let firstKitty = try #require(first["place"]?["window_id"]?.string.flatMap { Int64($0) }, "\(first.jsonText)")
        // The presenter attaches, then takes the terminal over: it asks for focus reports
        // (CSI ?1004h) before its first frame. Once kitty shows that frame, kitty reports to it
        // the focus it loses to the next window; a window opened before could go unreported.
        try waitUntil("detail 1's first frame in kitty") { kitty.text(of: firstKitty)?.contains("detail") == true }

        // From inside kitty (a window running winctl open, as a user's shell would).
        _ = try kitty.command(
            "launch",
            [
                "type": .string("window"),
                "args": .array(
                    [Binaries.winctl, "--socket", scenario.socket, "open", "detail", "2"].map(JSONValue.string)
                ),
            ]
        )
        let second = try scenario.waitFor("2", phase: "active")
        let secondKitty = try #require(
            second["place"]?["window_id"]?.string.flatMap { Int64($0) },
            "\(second.jsonText)"
        )
        let kittyWindows = try kitty.windows().map(\.id)
        #expect(
            secondKitty != firstKitty && kittyWindows.contains(secondKitty),
            "a new kitty window of the opener's kitty: \(kittyWindows)"
        )
        try scenario.waitFor("1", phase: "inactive")
        let list = try Winctl.run(["list"], socket: scenario.socket)
        #expect(list.stdout.contains("kitty \(firstKitty)") && list.stdout.contains("kitty \(secondKitty)"), "\(list)")

        let open = try Winctl.run(["open", "detail", "1"], socket: scenario.socket, json: true)
        #expect(try open.json()["outcome"]?.string == "focused", "\(open)")
        try waitUntil("kitty to focus detail 1's window", timeout: .seconds(20)) { kitty.focusedWindow() == firstKitty }
        try scenario.waitFor("1", phase: "active")
        try scenario.waitFor("2", phase: "inactive")

        // Another tab in front: both windows of the first tab can be seen by no one.
        _ = try kitty.command(
            "launch",
            ["type": .string("tab"), "args": .array(["sleep", "600"].map(JSONValue.string))]
        )
        try scenario.waitFor("1", phase: "background")
        try scenario.waitFor("2", phase: "background")
        _ = try kitty.command("focus-window", ["match": .string("id:\(firstKitty)")])
        try scenario.waitFor("1", phase: "active")
        try scenario.waitFor("2", phase: "inactive")
    }
}

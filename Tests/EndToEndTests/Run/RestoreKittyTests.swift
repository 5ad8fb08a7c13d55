import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl restore` after kitty and everything in it was killed, as a reboot does, in a real kitty
/// under Xvfb: the window comes back in the kitty the user runs now.
@Suite(
    "winctl restore in kitty",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "kitty"], for: "winctl restore in kitty")),
    .timeLimit(.minutes(3))
)
struct RestoreKittyTests {
    @Test(
        "less on two files comes back as windows of the kitty restore runs in, the same windows with their storage, the most recent in front and the other inactive"
    )
    func backInTheKittyRunningNow() throws {
        let scenario = try PlaceScenario.running(keys: #"run = ["less", "{value}"]"#)
        let first = try scenario.directory.write("kitty line\n", to: "a.txt")
        let second = try scenario.directory.write("second line\n", to: "b.txt")
        let x = try XvfbDisplay()
        func run(_ file: String) -> [String] {
            [Binaries.winctl, "--socket", scenario.socket, "run", "file", file, "--", "less", file]
        }
        let (ids, pids) = try {
            // The kitty, and every program in it, gone when this block ends.
            let kitty = try KittyInstance(on: x, command: run(first))
            var windows = [try scenario.waitFor(first, timeout: .seconds(30))]
            #expect(windows[0]["place"]?["listen_on"]?.string == kitty.listenOn, "\(windows[0].jsonText)")
            _ = try kitty.command(
                "launch",
                ["args": .array(run(second).map(JSONValue.string)), "type": .string("window")]
            )
            windows.append(try scenario.waitFor(second, phase: "active", timeout: .seconds(30)))
            try scenario.waitFor(first, phase: "inactive")
            return (
                try windows.map { try #require($0["id"]?.string) },
                try windows.map { pid_t(try #require($0["pid"]?.int)) }
            )
        }()
        _ = try Winctl.run(["storage", "set", ids[0], "note", "\"kept\""], socket: scenario.socket)
        try waitUntil("the presenters gone with their kitty") { pids.allSatisfy { kill($0, 0) != 0 } }
        try scenario.stopAndStart()

        let output = scenario.directory.file("restore.out")
        let restore = "\"$0\" --socket \(scenario.socket) restore > \(output) 2>&1; exec sleep 600"
        let now = try KittyInstance(on: x, command: ["/bin/sh", "-c", restore, Binaries.winctl])
        let back = try scenario.waitFor(first, phase: "inactive", timeout: .seconds(30))
        try scenario.waitFor(second, phase: "active", timeout: .seconds(30))
        let backSecond = try scenario.window(second)
        #expect(back["id"]?.string == ids[0] && backSecond?["id"]?.string == ids[1])
        #expect(back["place"]?["listen_on"]?.string == now.listenOn, "\(back.jsonText)")
        let window = try #require(back["place"]?["window_id"]?.string.flatMap { Int64($0) })
        try waitUntil("less on its file") { now.text(of: window)?.contains("kitty line") == true }
        let lines = scenario.directory.read("restore.out").split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasSuffix(" came back") }, "\(lines)")
        let stored = try Winctl.run(["storage", "get", ids[0], "note"], socket: scenario.socket, json: true)
        #expect(try stored.json()["storage"]?["note"]?.string == "kept", "\(stored)")
    }
}

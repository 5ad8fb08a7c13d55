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
    @Test("less on its file comes back as a window of the kitty restore runs in, the same window with its storage")
    func backInTheKittyRunningNow() throws {
        let scenario = try PlaceScenario.running(keys: #"run = ["less", "{value}"]"#)
        let file = try scenario.directory.write("kitty line\n", to: "a.txt")
        let x = try XvfbDisplay()
        let (id, pid) = try {
            // The kitty, and every program in it, gone when this block ends.
            let kitty = try KittyInstance(
                on: x,
                command: [Binaries.winctl, "--socket", scenario.socket, "run", "file", file, "--", "less", file]
            )
            let first = try scenario.waitFor(file, timeout: .seconds(30))
            #expect(first["place"]?["listen_on"]?.string == kitty.listenOn, "\(first.jsonText)")
            return (try #require(first["id"]?.string), pid_t(try #require(first["pid"]?.int)))
        }()
        _ = try Winctl.run(["storage", "set", id, "note", "\"kept\""], socket: scenario.socket)
        try waitUntil("the presenter gone with its kitty") { kill(pid, 0) != 0 }
        try scenario.stopAndStart()

        let output = scenario.directory.file("restore.out")
        let restore = "\"$0\" --socket \(scenario.socket) restore > \(output) 2>&1; exec sleep 600"
        let now = try KittyInstance(on: x, command: ["/bin/sh", "-c", restore, Binaries.winctl])
        let back = try scenario.waitFor(file, timeout: .seconds(30))
        #expect(back["id"]?.string == id)
        #expect(back["place"]?["listen_on"]?.string == now.listenOn, "\(back.jsonText)")
        let window = try #require(back["place"]?["window_id"]?.string.flatMap { Int64($0) })
        try waitUntil("less on its file") { now.text(of: window)?.contains("kitty line") == true }
        #expect(
            scenario.directory.read("restore.out").hasSuffix(" came back\n"),
            "\(scenario.directory.read("restore.out"))"
        )
        let stored = try Winctl.run(["storage", "get", id, "note"], socket: scenario.socket, json: true)
        #expect(try stored.json()["storage"]?["note"]?.string == "kept", "\(stored)")
    }
}

import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl restore` after a reboot played under i3 with xterm on Xvfb: every xterm killed with
/// its presenter, windowd stopped and started, and each window back on the workspace it was on.
@Suite(
    "winctl restore under i3",
    .serialized,
    .enabled(if: TestEnvironment.installed(["Xvfb", "i3", "xterm"], for: "winctl restore under i3")),
    .timeLimit(.minutes(3))
)
struct RestoreI3Tests {
    /// The name of the workspace i3 shows now.
    static func shownWorkspace(_ i3: I3Session) throws -> String? {
        let reply = try I3IPC.request(
            type: I3MessageType.getWorkspaces,
            payload: "",
            socket: i3.socket,
            timeout: .seconds(5)
        )
        guard case .array(let workspaces) = try JSONParser.parse(reply) else { return nil }
        for case .object(let members) in workspaces where members["focused"] == .bool(true) {
            if case .string(let name)? = members["name"] { return name }
        }
        return nil
    }

    @Test(
        "two xterms on workspaces 2 and \"3: web\": after a reboot played, restore run from workspace 1 brings each back on its workspace as the same window, the most recent shown"
    )
    func backOnTheirWorkspaces() throws {
        let scenario = try PlaceScenario.running(keys: #"run = ["sleep", "600"]"#)
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        let workspaces = ["a": "2", "b": "3: web"]
        var ids: [String: String] = [:]
        var pids: [pid_t] = []
        for value in ["a", "b"] {
            try I3IPC.command("workspace \"\(workspaces[value]!)\"", socket: i3.socket, timeout: .seconds(5))
            _ = try i3.exec(
                ["xterm", "-T", value, "-e"],
                running: [Binaries.winctl, "--socket", scenario.socket, "run", "file", value, "--", "sleep", "600"],
                name: value
            )
            let window = try scenario.waitFor(value, phase: "active", timeout: .seconds(30))
            #expect(
                window["place"]?["workspace"]?.string == workspaces[value],
                "recorded at attach: \(window.jsonText)"
            )
            ids[value] = try #require(window["id"]?.string)
            pids.append(pid_t(try #require(window["pid"]?.int)))
        }

        try I3IPC.command("[class=\"XTerm\"] kill", socket: i3.socket, timeout: .seconds(5))
        try waitUntil("every presenter gone with its xterm") { pids.allSatisfy { kill($0, 0) != 0 } }
        try scenario.stopAndStart()

        try I3IPC.command("workspace 1", socket: i3.socket, timeout: .seconds(5))
        let output = scenario.directory.file("restore.out")
        let restore = "\"$0\" --socket \(scenario.socket) restore > \(output) 2>&1; exec sleep 600"
        _ = try i3.exec(
            ["xterm", "-T", "restore", "-e"],
            running: ["/bin/sh", "-c", restore, Binaries.winctl],
            name: "restore"
        )
        var windows: [String: Int64] = [:]
        for value in ["a", "b"] {
            let back = try scenario.waitFor(value, timeout: .seconds(30))
            #expect(back["id"]?.string == ids[value])
            windows[value] = try #require(back["place"]?["window"]?.string.flatMap { Int64($0) }, "\(back.jsonText)")
        }
        try waitUntil("each xterm on its workspace: \(scenario.directory.read("restore.out"))") {
            let tree = WindowTree.windows(socket: i3.socket)
            return windows.allSatisfy { value, id in
                tree.contains { $0.window == id && $0.workspace == workspaces[value] }
            }
        }
        try waitUntil("restore to end") { scenario.directory.read("restore.out").split(separator: "\n").count == 2 }
        #expect(
            scenario.directory.read("restore.out").split(separator: "\n").allSatisfy { $0.hasSuffix(" came back") },
            "\(scenario.directory.read("restore.out"))"
        )
        #expect(try Self.shownWorkspace(i3) == "3: web", "the most recent shown, in front")
        for value in ["a", "b"] {
            try waitUntil("\(value)'s place to say its workspace again") {
                try scenario.window(value)?["place"]?["workspace"]?.string == workspaces[value]
            }
        }
    }
}

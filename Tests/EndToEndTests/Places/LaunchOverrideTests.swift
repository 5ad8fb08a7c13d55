import TestSupport
import Testing
import WindowProtocol

/// winctl(1), Attached terminals: a group's `launch` argv is an override the daemon runs itself, for a new
/// window and again for one whose presenter is gone; a launch that fails is logged and
/// reported in the window's events, and the window stays registered.
@Suite("The daemon's launch override", .timeLimit(.minutes(1)))
struct LaunchOverrideTests {
    @Test("a failing launch is announced as window.launchFailed; the window stays; opening it again relaunches")
    func failingLaunch() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(
            in: directory,
            config: TestConfig.text(
                extra: """

                    [groups.pinned]
                    value = "int"
                    launch = ["/bin/sh", "-c", "exit 3", "{id}"]
                    """
            )
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let watcher = try daemon.client()
        try watcher.call("events.subscribe", #"{"types":["window.launchFailed"]}"#)
        let client = try daemon.client()

        let opened = try client.call("window.open", #"{"group":"pinned","value":7}"#)
        #expect(
            opened["outcome"]?.string == "created" && opened["command"] == nil,
            "the daemon runs the override: \(opened.jsonText)"
        )
        let id = try #require(opened["window"]?["id"]?.string)
        let failed = try watcher.waitForEvent("window.launchFailed")
        #expect(failed["params"]?["window"]?["id"]?.string == id)
        #expect(failed["params"]?["reason"]?.string == "exit 3")
        #expect(failed["params"]?["command"]?.array?.last?.string == id, "the argv, substituted")
        #expect(
            try client.call("window.list", #"{"group":"pinned"}"#)["windows"]?.array?.count == 1,
            "the window stays"
        )

        let again = try client.call("window.open", #"{"group":"pinned","value":7}"#)
        #expect(again["outcome"]?.string == "relaunched" && again["created"]?.bool == false)
        _ = try watcher.waitForEvent("window.launchFailed")
    }

    @Test(
        "an open of a window whose presenter is on its way says launching to a client that decodes it, focused to one of before, and starts nothing"
    )
    func launchingToNewClientsOnly() throws {
        let daemon = try DaemonProcess(
            in: try TemporaryDirectory(),
            config: TestConfig.text(
                extra: """

                    [groups.note]
                    value = "int"
                    command = ["present", "{id}"]
                    """
            )
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let client = try daemon.client()
        #expect(try client.call("window.open", #"{"group":"note","value":1}"#)["command"] != nil)
        let old = try client.call("window.open", #"{"group":"note","value":1}"#)
        #expect(old["outcome"]?.string == "focused" && old["command"] == nil, "\(old.jsonText)")
        let new = try client.call("window.open", #"{"group":"note","value":1,"outcomes":["launching","detached"]}"#)
        #expect(new["outcome"]?.string == "launching" && new["command"] == nil, "\(new.jsonText)")
    }

    @Test("the daemon's launch gets the daemon's socket and the window's id in its environment")
    func launchEnvironment() throws {
        let directory = try TemporaryDirectory()
        let script = #"printf '%s\n' "$WINDOWD_SOCKET" "$WINDOWD_WINDOW_ID" > '\#(directory.file("told"))'"#
        let daemon = try DaemonProcess(
            in: directory,
            config: TestConfig.text(
                extra: """

                    [groups.pinned]
                    value = "int"
                    launch = ["/bin/sh", "-c", \(JSONValue.quote(script))]
                    """
            )
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let id = try #require(
            try daemon.client().call("window.open", #"{"group":"pinned","value":1}"#)["window"]?["id"]?.string
        )
        try waitUntil("the launch to write what it was told") {
            directory.read("told").hasSuffix("\n\n") || directory.read("told").hasSuffix(id + "\n")
        }
        #expect(directory.read("told") == daemon.socketPath + "\n" + id + "\n")
    }
}

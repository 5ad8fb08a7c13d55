import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// daemon.hostSocket: a socket of another host's own, whose clients are that host's whatever they say.
@Suite("Host sockets", .timeLimit(.minutes(1)))
struct HostSocketTests {
    /// The test config with `file`, a path group, and `mine`, one kept to this host.
    static let config = TestConfig.text(
        extra: """

            [groups.file]
            value = "path"

            [groups.mine]
            value = "path"
            hosts = ["local"]
            """
    )

    @Test("a client through box's socket opens box:/p; a local /p is another window; the socket goes with its asker")
    func qualified() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let asker = try daemon.client()
        let path = try #require(try asker.call("daemon.hostSocket", #"{"host":"box"}"#)["path"]?.string)
        #expect(path.hasPrefix(daemon.socketPath))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o077 == 0, "owner-only socket at \(path)")
        let again = try daemon.client()
        #expect(try again.call("daemon.hostSocket", #"{"host":"box"}"#)["path"]?.string == path)

        let remote = try RawClient(path: path)
        let opened = try remote.call("window.open", #"{"group":"file","value":"/p"}"#)
        #expect(opened["window"]?["value"]?.string == "box:/p")
        let local = try asker.call("window.open", #"{"group":"file","value":"/p"}"#)
        #expect(local["created"]?.bool == true && local["window"]?["value"]?.string == "/p")
        #expect(try remote.call("window.open", #"{"group":"file","value":"/p"}"#)["created"]?.bool == false)
        let spoofed = try asker.request("window.open", #"{"group":"file","value":"box:/p"}"#)
        #expect(spoofed.reason == "invalid_value", "\(spoofed)")
        let refused = try remote.request("window.open", #"{"group":"mine","value":"/p"}"#)
        #expect(refused.reason == "forbidden" && refused.errorMessage?.contains("box") == true, "\(refused)")
        let nested = try remote.request("daemon.hostSocket", #"{"host":"other"}"#)
        #expect(nested.reason == "forbidden", "\(nested)")

        asker.close()
        #expect(stat(path, &info) == 0, "another asker keeps it")
        again.close()
        #expect(Poll.until { stat(path, &info) != 0 }, "the host's socket is removed")
    }

    @Test("a host name that is no file name is refused with invalid params", arguments: ["", "local", "a/b", "../x"])
    func badHost(host: String) throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let response = try daemon.client().request("daemon.hostSocket", #"{"host":\#(JSONValue.quote(host))}"#)
        #expect(response.code == -32602, "\(response)")
    }
}

import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `winctl groups` (`daemon.groups`) and `winctl reload` (`daemon.reload`: what SIGHUP
/// does, for the daemon's own uid or root).
@Suite("winctl groups and reload", .timeLimit(.minutes(1)))
struct WinctlAdminTests {
    @Test("groups lists every configured group with its value type, flags, launch and open windows")
    func groups() throws {
        let daemon = try DaemonProcess.start(
            config: TestConfig.text(
                extra: "\n[groups.shell]\nvalue = \"string\"\nlaunch = [\"/bin/true\", \"{id}\"]\nrestore = false\n"
            )
        )
        defer { daemon.stop() }
        let socket = daemon.socketPath
        #expect(try Winctl.run(["open", "detail", "1"], socket: socket).status == 0)

        let run = try Winctl.run(["groups"], socket: socket, json: true)
        #expect(run.status == 0, "\(run)")
        let groups = try #require(try run.json()["groups"]?.array)
        #expect(groups.compactMap { $0["id"]?.string } == ["detail", "main", "notes", "orders", "shell"])
        let detail = try #require(groups.first { $0["id"]?.string == "detail" })
        #expect(detail["valueType"]?.string == "int" && detail["windows"]?.int == 1 && detail["restore"] == .bool(true))
        let orders = try #require(groups.first { $0["id"]?.string == "orders" })
        #expect(orders["valueType"]?.string == "uuid" && orders["requiresAuth"] == .bool(true))
        let shell = try #require(groups.first { $0["id"]?.string == "shell" })
        #expect(
            shell["launch"]?.array?.compactMap(\.string) == ["/bin/true", "{id}"] && shell["restore"] == .bool(false)
        )

        let human = try Winctl.run(["groups"], socket: socket)
        let lines = human.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("GROUP") == true && lines.count == 6, "\(human)")
        #expect(lines.contains { $0.hasPrefix("shell") && $0.contains("/bin/true {id}") }, "\(human)")
    }

    @Test("reload re-reads the config: new groups apply, subscribers get daemon.reloaded after the reply")
    func reload() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let watcher = try daemon.client()
        try watcher.call("events.subscribe", #"{"types":["daemon.reloaded"]}"#)

        try daemon.directory.write(TestConfig.text(extra: "\n[groups.extra]\nvalue = \"none\"\n"), to: "windowd.toml")
        let run = try Winctl.run(["reload"], socket: socket)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("5 window groups") && run.stdout.contains("extra"), "\(run)")
        #expect(try watcher.nextEvent()["method"]?.string == "daemon.reloaded")
        #expect(try Winctl.run(["open", "extra"], socket: socket).status == 0, "the new group is in force")

        // A broken config: refused with where it broke; the old config stays.
        try daemon.directory.write("[groups.detail]\nvalue = \"float\"\n", to: "windowd.toml")
        let broken = try Winctl.run(["reload"], socket: socket, json: true)
        #expect(broken.status == 1, "\(broken)")
        #expect(try broken.json()["code"]?.int == -32603, "\(broken)")
        #expect(broken.stderr.contains("windowd.toml") && broken.stderr.contains("old config stays"), "\(broken)")
        #expect(try Winctl.run(["open", "extra"], socket: socket).status == 0, "still the config before")
    }

    @Test(
        "reload from another allowed uid is forbidden",
        .enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv")
    )
    func reloadForbidden() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.path, 0o711)
        let daemon = try DaemonProcess.start(in: directory, config: TestConfig.text(daemon: ["allowed_uids = [65534]"]))
        defer { daemon.stop() }
        chmod(daemon.socketPath, 0o666)
        let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let status = try Winctl.run(["status"], socket: daemon.socketPath, wrapper: nobody)
        #expect(status.status == 0, "uid 65534 may use windowd: \(status)")
        let run = try Winctl.run(["reload"], socket: daemon.socketPath, json: true, wrapper: nobody)
        #expect(run.status == 1, "\(run)")
        #expect(try run.json()["data"]?["reason"]?.string == "forbidden", "\(run)")
        #expect(run.stderr.contains("uid 65534"), "\(run)")
        #expect(try Winctl.run(["reload"], socket: daemon.socketPath).status == 0, "its own uid may")
    }
}

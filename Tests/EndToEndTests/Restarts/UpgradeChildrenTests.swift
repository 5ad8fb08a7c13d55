import Foundation
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A group's `launch` still running when SIGUSR2 upgrades the daemon in place is the new image's
/// child, though the new image never started it: when it ends it is reaped, not left a zombie.
@Suite("Upgrade in place: the children of launches")
struct UpgradeChildrenTests {
    /// The state letter of `pid` in `/proc/PID/stat` (`S`, `Z`, …); `nil` once it is gone.
    static func state(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    @Test("a launch that ends after an upgrade is reaped by the new image, not left a zombie")
    func launchEndingAfterUpgradeIsReaped() throws {
        let directory = try TemporaryDirectory()
        let go = directory.file("go")
        let script = #"echo $$ > '\#(directory.file("pid"))'; while [ ! -e '\#(go)' ]; do sleep 0.05; done"#
        let daemon = try DaemonProcess(
            in: directory,
            config: TestConfig.text(
                extra: """

                    [groups.spawn]
                    value = "int"
                    launch = ["/bin/sh", "-c", \(JSONValue.quote(script)), "{id}"]
                    """
            )
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let watcher = try daemon.client()
        try watcher.call("events.subscribe", #"{"types":["window.launchFailed"]}"#)
        #expect(try watcher.call("window.open", #"{"group":"spawn","value":1}"#)["outcome"]?.string == "created")
        let pid = try PidFile.pid("pid", in: directory)
        try UpgradeDescriptorTests.upgrade(daemon, watcher: watcher)
        _ = try directory.write("", to: "go")
        try waitUntil("the launched process, ended, to be reaped", timeout: .seconds(10)) { Self.state(of: pid) == nil }
    }
}

import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Where Debian's `systemd` package puts `systemd-socket-activate`.
private let activator = "/usr/bin/systemd-socket-activate"

/// `systemd-socket-activate` binds the socket, waits for a first connection, then execs
/// windowd with the socket on fd 3 (`LISTEN_FDS=1`), the way a `.socket` unit does.
@Suite(
    "socket activation with systemd-socket-activate",
    .enabled(if: access(activator, X_OK) == 0, "systemd-socket-activate is not installed (apt-get install systemd)")
)
struct SocketActivationTests {
    @Test("serves JSON-RPC on the passed socket, accepts the queued connections, and leaves the socket file on exit")
    func servesPassedSocket() throws {
        let directory = try TemporaryDirectory()
        let listener = try NotifyListener(directory: directory.path)
        let socketPath = directory.file("a.sock")
        let told = directory.file("socket-told")
        // A launch command learns where to reach the daemon: the passed socket's path.
        let configPath = try directory.write(
            TestConfig.text(
                extra: """
                    [groups.probe]
                    value = "int"
                    launch = ["/bin/sh", "-c", "printf %s \\"$WINDOWD_SOCKET\\" > \(told)"]
                    """
            ),
            to: "windowd.toml"
        )
        // No --socket: the passed fd is the only way in. The activator passes a minimal
        // environment, so everything windowd needs goes through -E.
        let process = try SpawnedProcess(
            activator,
            [
                "-l", socketPath, "-E", "NOTIFY_SOCKET=\(listener.path)", "-E",
                "XDG_STATE_HOME=\(directory.file("state"))",
                "-E", "XDG_RUNTIME_DIR=\(directory.path)",
            ] + TestTiming.sanitizerEnvironment.flatMap { ["-E", $0] }
                + [Binaries.windowd, "--config", configPath],
            environment: SpawnedProcess.testEnvironment(),
            stderr: .file(directory.file("activate.log"))
        )
        defer { process.terminate(grace: .seconds(2)) }
        let log = { directory.read("activate.log") }

        try waitUntil("systemd-socket-activate to listen on \(socketPath)", timeout: .seconds(10)) {
            if let ended = process.poll() {
                throw TestFailure("systemd-socket-activate exited (\(ended)); log:\n\(log())")
            }
            var status = stat()
            return stat(socketPath, &status) == 0
        }
        // The first connection starts windowd; two more queue behind it before it runs.
        let clients = try (0..<3).map { _ in try RawClient(path: socketPath) }
        defer { clients.forEach { $0.close() } }
        for (index, client) in clients.enumerated() {
            let hello = try client.call("hello", #"{"client":"activation-\#(index)"}"#)
            #expect(hello["server"]?.string == "windowd")
            // The activator execs windowd: same process.
            #expect(hello["pid"]?.int == Int64(process.pid))
        }
        let (ready, _) = try listener.waitFor("READY=1") { $0["READY"] == "1" }
        #expect(ready["STATUS"] != nil)
        _ = try clients[0].call("window.open", #"{"group":"probe","value":1}"#)
        try waitUntil("the launch command to say where it reaches the daemon") {
            !directory.read("socket-told").isEmpty
        }
        #expect(directory.read("socket-told") == socketPath)
        #expect(log().contains("ignoring an extra socket") == false)

        process.signal(SIGTERM)
        try listener.waitFor("STOPPING=1") { $0["STOPPING"] == "1" }
        #expect(try process.wait(timeout: TestTiming.scaled(.seconds(1))) == .exited(0), "log:\n\(log())")
        var status = stat()
        #expect(
            stat(socketPath, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK,
            "windowd must not unlink a socket it did not create: \(socketPath)"
        )
    }
}

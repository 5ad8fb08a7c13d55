import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd(8), Socket and access: who may connect, and how the socket is made and guarded.
@Suite("Socket and security", .timeLimit(.minutes(1)))
struct SecurityTests {
    static let canSwitchUser =
        getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0

    @Test(
        "a client of another uid is refused with forbidden and closed",
        .enabled(
            if: SecurityTests.canSwitchUser,
            "needs root, /usr/bin/setpriv and /usr/bin/python3 to connect as uid 65534"
        )
    )
    func otherUserIsRefused() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        // Let the kernel pass the connect, so that the daemon's SO_PEERCRED check is what refuses it.
        chmod(daemon.directory.path, 0o755)
        chmod(daemon.socketPath, 0o666)

        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(10)
            s.connect(sys.argv[1])
            try:
                s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"detail","value":1}}\\n')
            except OSError:
                pass
            data = b""
            while True:
                try:
                    chunk = s.recv(65536)
                except ConnectionResetError:
                    break
                if not chunk:
                    break
                data += chunk
            sys.stdout.write(data.decode("utf-8", "replace"))
            sys.stdout.write("<EOF>\\n")
            """
        let output = daemon.directory.file("intruder.out")
        let intruder = try SpawnedProcess(
            "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, daemon.socketPath],
            stdout: .file(output),
            stderr: .file(daemon.directory.file("intruder.err"))
        )
        let ended = try intruder.wait(timeout: .seconds(15))
        #expect(ended == .exited(0), "the intruder script failed: \(daemon.directory.read("intruder.err"))")

        let text = daemon.directory.read("intruder.out")
        #expect(text.hasSuffix("<EOF>\n"), "the daemon closed the connection: \(text)")
        let lines = text.split(separator: "\n").dropLast()
        #expect(lines.count == 1, "one error line and nothing else: \(text)")
        let refusal = try JSONValue.parse(String(try #require(lines.first)))
        #expect(refusal["error"]?["code"]?.int == -32000)
        #expect(refusal["error"]?["data"]?["reason"]?.string == "forbidden", "\(refusal.jsonText)")
        #expect(refusal["error"]?["message"]?.string?.contains("65534") == true)

        let owner = try daemon.client()
        #expect(try owner.call("window.list")["windows"]?.array?.isEmpty == true, "the refused request did nothing")
        #expect(daemon.log.contains("refused"), "the refusal is logged")
    }

    @Test("the socket is 0600 in a 0700 directory the daemon makes, and is removed on SIGTERM")
    func socketModes() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, socket: "run/s.sock")
        defer { daemon.stop() }
        try daemon.waitUntilServing()

        var info = stat()
        #expect(lstat(daemon.socketPath, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
        // The mode is set right after bind(2), which may be a moment after the first connection is accepted.
        try waitUntil(
            "the socket's mode to be 0600 (it is \(String(info.st_mode & 0o777, radix: 8)))",
            timeout: .seconds(5)
        ) {
            lstat(daemon.socketPath, &info) == 0 && info.st_mode & 0o777 == 0o600
        }
        #expect(info.st_mode & 0o077 == 0, "never accessible to others: \(String(info.st_mode & 0o777, radix: 8))")
        #expect(lstat(directory.file("run"), &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700, "directory mode is \(String(info.st_mode & 0o777, radix: 8))")

        #expect(daemon.stop() == .exited(0), "SIGTERM is a clean stop:\n\(daemon.log)")
        #expect(access(daemon.socketPath, F_OK) != 0, "the socket file is removed")
    }

    @Test("a second windowd on the same path refuses to start and the first keeps serving")
    func secondDaemonRefuses() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(in: directory, name: "first")
        defer { first.stop() }
        try first.waitUntilServing()
        let client = try first.client()
        try client.call("window.open", #"{"group":"detail","value":1}"#)

        // A state directory of its own, so that the socket is what stops it (the same state
        // directory is refused earlier, by its lock: AppInstancesTests).
        let otherState = TestConfig.text(extra: "\n[state]\ndirectory = \"\(directory.file("state-second"))\"\n")
        let second = try DaemonProcess(in: directory, config: otherState, name: "second")
        defer { second.stop() }
        let ended = try second.process.wait()
        #expect(ended.exitStatus != nil && ended.exitStatus != 0, "\(ended)")
        #expect(second.log.contains("another windowd"), "the message says another windowd serves it:\n\(second.log)")
        #expect(second.log.contains(first.socketPath))

        #expect(try client.call("daemon.status")["windows"]?.int == 1, "the first daemon keeps serving")
        #expect(try first.client().call("hello", #"{"client":"e2e","protocol":1}"#)["pid"]?.int == Int64(first.pid))
    }

    @Test("a stale socket left by a killed daemon is replaced by a new one")
    func staleSocketIsReplaced() throws {
        let directory = try TemporaryDirectory()
        let killed = try DaemonProcess(in: directory, name: "killed")
        try killed.waitUntilServing()
        killed.process.signal(SIGKILL)
        #expect(try killed.process.wait() == .signaled(SIGKILL))
        #expect(access(killed.socketPath, F_OK) == 0, "SIGKILL leaves the socket file behind")
        #expect(!UnixSocketConnection.isServed(killed.socketPath), "nobody serves it")

        let fresh = try DaemonProcess(in: directory, name: "fresh")
        defer { fresh.stop() }
        try fresh.waitUntilServing()
        #expect(try fresh.client().call("hello", #"{"client":"e2e","protocol":1}"#)["pid"]?.int == Int64(fresh.pid))
    }

    @Test("a regular file at the socket path is not replaced: windowd refuses to start")
    func regularFileIsKept() throws {
        let directory = try TemporaryDirectory()
        try directory.write("precious\n", to: "s.sock")
        let daemon = try DaemonProcess(in: directory)
        defer { daemon.stop() }
        let ended = try daemon.process.wait()
        #expect(ended.exitStatus != nil && ended.exitStatus != 0, "\(ended)")
        #expect(daemon.log.contains(daemon.socketPath) && daemon.log.contains("not a socket"), "\(daemon.log)")
        #expect(directory.read("s.sock") == "precious\n", "the file is untouched")
    }
}

import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Who may connect, and where the daemon refuses to put its socket (windowd(8), Socket and access).
/// Another uid on an open socket is `SecurityTests.otherUserIsRefused`; not repeated here.
@Suite("Access", .serialized, .timeLimit(.minutes(2)))
struct AccessTests {
    static let tools: [String] = [
        "/usr/sbin/groupadd", "/usr/sbin/useradd", "/usr/sbin/userdel", "/usr/sbin/groupdel", "/usr/bin/setpriv",
        "/usr/bin/python3",
    ]
    static let canManageUsers = getuid() == 0 && tools.allSatisfy { (tool: String) in access(tool, X_OK) == 0 }

    @Test(
        "allowed_group alone admits members of that group, with no chmod by hand, and no other user",
        .enabled(
            if: AccessTests.canManageUsers,
            "needs root, groupadd/useradd, setpriv and python3 to make and switch users"
        )
    )
    func allowedGroupAdmitsThatGroupOnly() throws {
        let accounts = try TestAccounts()
        defer { accounts.remove() }
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(
            in: directory,
            config: TestConfig.text(daemon: [#"allowed_group = "\#(accounts.group)""#])
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()

        var info = stat()
        try waitUntil("the socket to be 0660 with group \(accounts.group)", timeout: .seconds(5)) {
            lstat(daemon.socketPath, &info) == 0 && info.st_mode & 0o777 == 0o660 && info.st_gid == accounts.gid
        }
        #expect(
            stat(directory.path, &info) == 0 && info.st_mode & 0o7777 == 0o710 && info.st_gid == accounts.gid,
            "its directory lets the group search it, and no one else: \(String(info.st_mode & 0o7777, radix: 8)) group \(info.st_gid)"
        )

        // A member of the group, whose own group is another one: the kernel lets it connect
        // through the socket's group, and the daemon admits it.
        let member = try AccessProbe.run(
            in: directory,
            socket: daemon.socketPath,
            name: "member",
            as: ["--reuid=\(accounts.memberUID)", "--regid=65534", "--groups=\(accounts.gid)"]
        )
        #expect(
            member.lines.count == 1 && member.lines.first?["result"]?["windows"] != nil,
            "the member (uid \(accounts.memberUID), group \(accounts.gid)) is served: \(member.text)"
        )
        let memberWinctl = try Winctl.run(
            ["open", "detail", "8"],
            socket: daemon.socketPath,
            wrapper: ["/usr/bin/setpriv", "--reuid=\(accounts.memberUID)", "--regid=65534", "--groups=\(accounts.gid)"]
        )
        #expect(memberWinctl.status == 0, "winctl as a member of \(accounts.group): \(memberWinctl)")

        // A user outside the group: the modes already keep it out...
        let denied = try AccessProbe.run(
            in: directory,
            socket: daemon.socketPath,
            name: "outsider-kernel",
            as: ["--reuid=\(accounts.outsiderUID)", "--regid=65534", "--clear-groups"]
        )
        #expect(denied.text.contains("PermissionError"), "the kernel refuses the connect: \(denied.text)")
        // ...and with the modes opened up, the daemon's own check refuses it.
        chmod(directory.path, 0o711)
        chmod(daemon.socketPath, 0o666)
        let outsider = try AccessProbe.run(
            in: directory,
            socket: daemon.socketPath,
            name: "outsider",
            as: ["--reuid=\(accounts.outsiderUID)", "--regid=65534", "--clear-groups"]
        )
        #expect(outsider.lines.count == 1, "one error line, then the end: \(outsider.text)")
        #expect(outsider.lines.first?["error"]?["data"]?["reason"]?.string == "forbidden", "\(outsider.text)")
        #expect(
            outsider.lines.first?["error"]?["message"]?.string?.contains("allowed_group") == true,
            "\(outsider.text)"
        )
        #expect(outsider.text.hasSuffix("<EOF>\n"), "the connection is closed: \(outsider.text)")
        #expect(try daemon.client().call("window.list")["windows"]?.array?.count == 1, "only the member's window")
    }

    @Test(
        "allowed_uids alone lets that uid connect with winctl, with no chmod by hand; another uid is still refused",
        .enabled(
            if: AccessTests.canManageUsers,
            "needs root, groupadd/useradd, setpriv and python3 to make and switch users"
        )
    )
    func allowedUIDsAloneAdmitThatUID() throws {
        let accounts = try TestAccounts()
        defer { accounts.remove() }
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(
            in: directory,
            config: TestConfig.text(daemon: ["allowed_uids = [\(accounts.memberUID)]"])
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()

        var info = stat()
        try waitUntil("the socket to be 0666 (a mode cannot name one uid)", timeout: .seconds(5)) {
            lstat(daemon.socketPath, &info) == 0 && info.st_mode & 0o777 == 0o666
        }
        #expect(
            stat(directory.path, &info) == 0 && info.st_mode & 0o7777 == 0o711,
            "its directory lets others search it, not list or write it: \(String(info.st_mode & 0o7777, radix: 8))"
        )

        let allowed = try Winctl.run(
            ["open", "detail", "7"],
            socket: daemon.socketPath,
            wrapper: ["/usr/bin/setpriv", "--reuid=\(accounts.memberUID)", "--regid=65534", "--clear-groups"]
        )
        #expect(allowed.status == 0, "uid \(accounts.memberUID), listed in allowed_uids, is served: \(allowed)")
        #expect(allowed.stdout.contains("created"), "\(allowed)")

        let outsider = try Winctl.run(
            ["list"],
            socket: daemon.socketPath,
            json: true,
            wrapper: ["/usr/bin/setpriv", "--reuid=\(accounts.outsiderUID)", "--regid=65534", "--clear-groups"]
        )
        #expect(
            outsider.status == 1,
            "uid \(accounts.outsiderUID) reaches the socket but the daemon refuses it: \(outsider) \(outsider.stderr)"
        )
        #expect(outsider.stdout.contains("forbidden"), "\(outsider)")
        #expect(try daemon.client().call("window.list")["windows"]?.array?.count == 1)
    }

    @Test("a symbolic link planted at the socket path: windowd refuses to start and leaves it alone")
    func symlinkAtSocketPath() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("elsewhere.sock")
        #expect(symlink(target, directory.file("s.sock")) == 0)
        let daemon = try DaemonProcess(in: directory)
        defer { daemon.stop() }
        let ended = try daemon.process.wait()
        #expect(ended.exitStatus != nil && ended.exitStatus != 0, "\(ended)")
        #expect(
            daemon.log.contains(daemon.socketPath) && daemon.log.contains("symbolic link"),
            "the message names the path and the link:\n\(daemon.log)"
        )
        var info = stat()
        #expect(lstat(daemon.socketPath, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still there")
        #expect(access(target, F_OK) != 0, "nothing was made through the link")
    }

    @Test("a symbolic link as the socket's directory: windowd refuses to follow it")
    func symlinkedSocketDirectory() throws {
        let directory = try TemporaryDirectory()
        let real = directory.file("real")
        #expect(mkdir(real, 0o700) == 0)
        #expect(symlink(real, directory.file("run")) == 0)
        let daemon = try DaemonProcess(in: directory, socket: "run/s.sock")
        defer { daemon.stop() }
        let ended = try daemon.process.wait()
        #expect(ended.exitStatus != nil && ended.exitStatus != 0, "\(ended)")
        #expect(daemon.log.contains(directory.file("run")) && daemon.log.contains("symbolic link"), "\(daemon.log)")
        #expect(access(real + "/s.sock", F_OK) != 0, "no socket was made through the link")
    }

    @Test("a world-writable socket directory without the sticky bit: windowd refuses to start")
    func worldWritableDirectory() throws {
        let directory = try TemporaryDirectory()
        let run = directory.file("run")
        #expect(mkdir(run, 0o700) == 0)
        #expect(chmod(run, 0o777) == 0)
        let daemon = try DaemonProcess(in: directory, socket: "run/s.sock")
        defer { daemon.stop() }
        let ended = try daemon.process.wait()
        #expect(ended.exitStatus != nil && ended.exitStatus != 0, "\(ended)")
        #expect(
            daemon.log.contains(run) && daemon.log.contains("writable by other users"),
            "the message names the directory:\n\(daemon.log)"
        )
        #expect(daemon.log.contains("chmod 700"), "the message says how to fix it:\n\(daemon.log)")
        #expect(access(run + "/s.sock", F_OK) != 0, "no socket was made there")
    }

    @Test(
        "a socket directory of mode 1777 (shared and sticky, like /tmp): windowd refuses to start",
        arguments: [0o1777, 0o1770, 0o775]
    )
    func sharedStickyDirectory(mode: Int) throws {
        let directory = try TemporaryDirectory()
        let run = directory.file("run")
        #expect(mkdir(run, 0o700) == 0)
        #expect(chmod(run, mode_t(mode)) == 0)
        let daemon = try DaemonProcess(in: directory, socket: "run/s.sock")
        defer { daemon.stop() }
        let ended = try daemon.process.wait()
        #expect(ended.exitStatus != nil && ended.exitStatus != 0, "\(ended)")
        #expect(
            daemon.log.contains(run) && daemon.log.contains("writable by other users"),
            "the message names the directory:\n\(daemon.log)"
        )
        #expect(daemon.log.contains(String(mode, radix: 8)), "the message names the mode:\n\(daemon.log)")
        #expect(access(run + "/s.sock", F_OK) != 0, "no socket was made there")
    }

    @Test("a socket directory that does not exist yet is made owner-only (0700), as /tmp/windowd-$UID is, and served")
    func directoryMadeOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, socket: "made/s.sock")
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        var info = stat()
        #expect(
            lstat(directory.file("made"), &info) == 0 && info.st_mode & 0o7777 == 0o700,
            "mode \(String(info.st_mode & 0o7777, radix: 8))"
        )
        #expect(try daemon.client().call("window.list")["windows"]?.array?.isEmpty == true)
    }
}

/// A group and two users made for one test (`wdt` and a random suffix), removed afterwards:
/// `member` belongs to the group, `outsider` does not.
private final class TestAccounts {
    let group: String
    let member: String
    let outsider: String
    let gid: UInt32
    let memberUID: UInt32
    let outsiderUID: UInt32
    private var removed = false

    init() throws {
        let suffix = String(UInt32.random(in: 0..<1_000_000), radix: 36)
        group = "wdtg" + suffix
        member = "wdtm" + suffix
        outsider = "wdto" + suffix
        try Self.run("/usr/sbin/groupadd", [group])
        try Self.run(
            "/usr/sbin/useradd",
            ["-M", "-N", "-g", "nogroup", "-G", group, "-s", "/usr/sbin/nologin", member]
        )
        try Self.run("/usr/sbin/useradd", ["-M", "-N", "-g", "nogroup", "-s", "/usr/sbin/nologin", outsider])
        // getgrnam and getpwnam return a static buffer: read each entry before the next lookup.
        guard let groupID = getgrnam(group)?.pointee.gr_gid, let memberID = getpwnam(member)?.pointee.pw_uid,
            let outsiderID = getpwnam(outsider)?.pointee.pw_uid
        else {
            throw TestFailure("the accounts \(group), \(member), \(outsider) were made but cannot be looked up")
        }
        gid = groupID
        memberUID = memberID
        outsiderUID = outsiderID
    }

    deinit { remove() }

    func remove() {
        guard !removed else { return }
        removed = true
        for user in [member, outsider] { try? Self.run("/usr/sbin/userdel", [user]) }
        try? Self.run("/usr/sbin/groupdel", [group])
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = try SpawnedProcess(executable, arguments)
        let ended = try process.wait(timeout: .seconds(30))
        guard ended == .exited(0) else {
            throw TestFailure("\(executable) \(arguments.joined(separator: " ")): \(ended)")
        }
    }
}

/// A one-request client run as another user through `setpriv`.
private enum AccessProbe {
    struct Output {
        var text: String
        var lines: [JSONValue]
    }

    static let script = """
        import socket, sys
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        try:
            s.connect(sys.argv[1])
        except OSError as error:
            sys.stdout.write(type(error).__name__ + "\\n")
            sys.exit(0)
        try:
            s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"window.list"}\\n')
        except OSError:
            pass
        data = b""
        while not data.endswith(b"\\n") or b"error" in data:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                data += b"<EOF>\\n"
                break
            if not chunk:
                data += b"<EOF>\\n"
                break
            data += chunk
        sys.stdout.write(data.decode("utf-8", "replace"))
        """

    /// Runs the probe with `setpriv` options `identity`; its output and the JSON lines in it.
    static func run(
        in directory: TemporaryDirectory,
        socket: String,
        name: String,
        as identity: [String]
    ) throws -> Output {
        let output = directory.file(name + ".out")
        let probe = try SpawnedProcess(
            "/usr/bin/setpriv",
            identity + ["/usr/bin/python3", "-c", script, socket],
            stdout: .file(output),
            stderr: .file(directory.file(name + ".err"))
        )
        let ended = try probe.wait(timeout: .seconds(15))
        guard ended == .exited(0) else {
            throw TestFailure("the \(name) probe failed (\(ended)): \(directory.read(name + ".err"))")
        }
        let text = directory.read(name + ".out")
        let lines = text.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
        return Output(text: text, lines: lines)
    }
}

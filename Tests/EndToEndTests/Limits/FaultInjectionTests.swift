import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The state directory failing under a running daemon: read-only or full. A write
/// whose commit fails is refused with a clear error and not applied, reads are
/// served, nothing acknowledged is lost (kill -9 and a restart show every acknowledged write),
/// and the daemon recovers when the directory does.
///
/// Read-only under a running daemon is injected with strace (`pwrite64` fails with EROFS): root
/// ignores file modes, and Linux refuses `mount -o remount,ro` while the daemon holds its
/// database open for writing (EBUSY), also on a bind mount. Read-only at start and full use a
/// small tmpfs mounted over the state directory.
@Suite("Fault injection", .serialized, .timeLimit(.minutes(3)))
struct FaultInjectionTests {
    static let canMount: Bool = {
        guard getuid() == 0, let directory = try? TemporaryDirectory() else { return false }
        let point = directory.file("probe")
        mkdir(point, 0o700)
        guard StateMount.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point]) else { return false }
        _ = StateMount.run("/bin/umount", [point])
        return true
    }()

    static let mountReason: Comment = "needs root and a kernel that lets it mount a tmpfs (mount -t tmpfs)"

    /// A window acknowledged as open, with the storage acknowledged for it.
    struct Acknowledged {
        var windows: [Int64: String] = [:]
        var storage: [String: [String: Int]] = [:]  // window id → key → value length

        /// Everything here is in `daemon`'s state, as it was acknowledged.
        func check(against client: RawClient) throws {
            let listed = try #require(client.call("window.list", #"{"group":"detail"}"#)["windows"]?.array)
            let present = Dictionary(
                listed.compactMap { window -> (Int64, String)? in
                    guard let value = window["value"]?.int, let id = window["id"]?.string else { return nil }
                    return (value, id)
                },
                uniquingKeysWith: { first, _ in first }
            )
            for (value, id) in windows {
                #expect(
                    present[value] == id,
                    "acknowledged window detail/\(value) (\(id)) is missing after the restart"
                )
            }
            for (id, keys) in storage {
                let stored = try client.call("storage.get", #"{"id":"\#(id)"}"#)["storage"]
                for (key, length) in keys {
                    #expect(
                        stored?[key]?.string?.count == length,
                        "acknowledged storage \(key) of \(id) is missing or changed"
                    )
                }
            }
        }
    }

    @Test(
        "the state directory turns read-only under a running daemon: writes refused clearly, reads served, recovery, nothing acknowledged lost",
        .enabled(if: WriteFaultInjector.isAvailable, WriteFaultInjector.reason)
    )
    func readOnlyStateDirectory() throws {
        let directory = try TemporaryDirectory()
        var acknowledged = Acknowledged()
        let first = try DaemonProcess.start(in: directory, name: "first")
        defer { first.stop() }
        let client = try first.client()
        for value in Int64(0)..<5 { try open(value, storing: 100, with: client, into: &acknowledged) }

        let injector = try WriteFaultInjector.start(daemon: first, in: directory)
        defer { injector.stop() }
        let refused = try client.request("window.open", #"{"group":"detail","value":100}"#)
        #expect(
            refused.code == -32603,
            "the first write after the directory went read-only fails: \(refused.message.jsonText)"
        )
        // The change was undone when its commit failed: the reply says it is not applied.
        #expect(refused.errorMessage?.contains("could not save the change") == true, "\(refused.message.jsonText)")
        #expect(refused.errorMessage?.contains("not applied") == true, "\(refused.message.jsonText)")
        let listed = try client.call("window.list", #"{"group":"detail"}"#)["windows"]?.array ?? []
        #expect(!listed.contains { $0["value"]?.int == 100 }, "the window.open whose commit failed is not applied")
        let again = try client.request(
            "storage.set",
            #"{"id":"\#(acknowledged.windows[0]!)","key":"later","value":"x"}"#
        )
        #expect(again.code == -32603, "later writes fail while the directory refuses them: \(again.message.jsonText)")
        #expect(
            again.errorMessage?.contains("try again once the state directory accepts writes") == true,
            "the refusal says what to do"
        )
        #expect(
            try client.call("storage.get", #"{"id":"\#(acknowledged.windows[0]!)"}"#)["storage"]?["later"] == nil,
            "and is not applied"
        )
        #expect(try client.request("app.transition", #"{"to":{"state":"authenticated","user":"bob"}}"#).code == -32603)

        // Reads go on while writes cannot.
        #expect(try client.call("window.list")["windows"]?.array?.count ?? 0 >= 5)
        #expect(
            try client.call("storage.get", #"{"id":"\#(acknowledged.windows[1]!)","key":"k0"}"#)["storage"]?["k0"]?
                .string?.count == 100
        )
        #expect(try client.call("daemon.status")["windows"] != nil)
        #expect(try client.call("scene.phase")["aggregate"]?.string == "background")
        #expect(
            try first.client().call("app.state")["state"]?["state"]?.string == "unauthenticated",
            "new connections are served too"
        )
        #expect(first.log.contains("cannot commit state"), "the failure is logged:\n\(first.log)")

        injector.stop()
        try expectRecovery(
            of: first,
            client: client,
            in: directory,
            probe: 200,
            then: 300..<305,
            storing: 100,
            &acknowledged
        )
        #expect(first.log.contains("recovered"), "the recovery is logged:\n\(first.log)")
    }

    @Test(
        "a state directory that is read-only at start: windowd refuses to start and names it; starts with everything once writable",
        .enabled(if: FaultInjectionTests.canMount, FaultInjectionTests.mountReason)
    )
    func readOnlyAtStart() throws {
        let directory = try TemporaryDirectory()
        let mount = try StateMount(in: directory, size: "16m")
        defer { mount.unmount() }
        var acknowledged = Acknowledged()
        let first = try CrashRestoreTests.restart(in: directory, name: "first")
        let client = try first.client()
        for value in Int64(0)..<5 { try open(value, storing: 100, with: client, into: &acknowledged) }
        try CrashRestoreTests.kill9(first)

        try mount.remount(readOnly: true)
        let refused = try DaemonProcess(in: directory, name: "readonly")
        defer { refused.stop() }
        let ended = try refused.process.wait(timeout: .seconds(15))
        #expect(ended.exitStatus != nil && ended.exitStatus != 0, "\(ended)")
        #expect(refused.log.contains(mount.path), "the message names the state directory:\n\(refused.log)")

        try mount.remount(readOnly: false)
        let second = try CrashRestoreTests.restart(in: directory, name: "second")
        defer { second.stop() }
        try acknowledged.check(against: second.client())
    }

    @Test(
        "a full state directory: writes refused clearly, reads served, recovery when space returns, nothing acknowledged lost",
        .enabled(if: FaultInjectionTests.canMount, FaultInjectionTests.mountReason)
    )
    func fullStateDirectory() throws {
        let directory = try TemporaryDirectory()
        let mount = try StateMount(in: directory, size: "4m")
        defer { mount.unmount() }
        var acknowledged = Acknowledged()

        let first = try DaemonProcess.start(in: directory, name: "first")
        defer { first.stop() }
        let client = try first.client()
        for value in Int64(0)..<3 { try open(value, storing: 100, with: client, into: &acknowledged) }

        let filler = mount.path + "/filler"
        try mount.fill(filler)
        // SQLite may still have room in pages it already holds: write until a write is refused.
        var refusal: RawResponse?
        var value: Int64 = 1_000
        writing: while value < 1_400 {
            let window = try client.request("window.open", #"{"group":"detail","value":\#(value)}"#)
            guard let id = window.result?["window"]?["id"]?.string else {
                refusal = window
                break
            }
            acknowledged.windows[value] = id
            for key in 0..<12 {
                let text = String(repeating: Character(UnicodeScalar(UInt8(97 + key))), count: 4_000)
                let set = try client.request("storage.set", #"{"id":"\#(id)","key":"k\#(key)","value":"\#(text)"}"#)
                guard set.result != nil else {
                    refusal = set
                    break writing
                }
                acknowledged.storage[id, default: [:]]["k\(key)"] = 4_000
            }
            value += 1
        }
        let refused = try #require(refusal, "a full directory refuses writes")
        #expect(refused.code == -32603, "\(refused.message.jsonText)")
        #expect(refused.errorMessage?.contains("state directory accepts writes") == true, "\(refused.message.jsonText)")
        #expect(first.log.contains("cannot commit state"), "the failure is logged:\n\(first.log)")

        #expect(
            try client.call("window.list", #"{"group":"detail"}"#)["windows"]?.array?.count ?? 0
                >= acknowledged.windows.count
        )
        #expect(
            try client.call("storage.get", #"{"id":"\#(acknowledged.windows[0]!)"}"#)["storage"]?["k0"]?.string?.count
                == 100
        )

        #expect(unlink(filler) == 0)
        try expectRecovery(
            of: first,
            client: client,
            in: directory,
            probe: 5_000,
            then: 5_001..<5_004,
            storing: 1_000,
            &acknowledged
        )
    }

    @Test(
        "a full 256 KiB state directory freed again takes writes for good: the write-ahead log does not fill it again",
        .enabled(if: FaultInjectionTests.canMount, FaultInjectionTests.mountReason)
    )
    func smallDiskFreedAgain() throws {
        let directory = try TemporaryDirectory()
        let mount = try StateMount(in: directory, size: "256k")
        defer { mount.unmount() }
        let first = try DaemonProcess.start(in: directory, name: "first")
        defer { first.stop() }
        let client = try first.client()
        let id = try #require(client.call("window.open", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string)

        let filler = mount.path + "/filler"
        try mount.fill(filler)
        var refused = 0
        for attempt in 0..<50 where refused == 0 {
            if try client.request("storage.set", #"{"id":"\#(id)","key":"k","value":"\#(attempt)"}"#).result == nil {
                refused += 1
            }
        }
        #expect(refused > 0, "the full disk refuses a write")
        #expect(unlink(filler) == 0)

        // Four keys written over and over: the data does not grow, only the log would.
        var values: [String: String] = [:]
        var failures: [Int] = []
        for write in 0..<200 {
            let (key, value) = ("k\(write % 4)", String(repeating: String(write % 10), count: 1_200))
            if try client.request("storage.set", #"{"id":"\#(id)","key":"\#(key)","value":"\#(value)"}"#).result != nil
            {
                values[key] = value
            } else {
                failures.append(write)
            }
        }
        #expect(
            failures.isEmpty,
            "writes refused after the disk was freed: \(failures.count) of 200, from write \(failures.first ?? 0) on"
        )
        try CrashRestoreTests.kill9(first)
        let second = try CrashRestoreTests.restart(in: directory, name: "second")
        defer { second.stop() }
        let stored = try second.client().call("storage.get", #"{"id":"\#(id)"}"#)["storage"]
        for (key, value) in values { #expect(stored?[key]?.string == value, "\(key) as last acknowledged") }
    }

    @Test(
        "window.attach that opens a window is undone when its commit fails, like window.open",
        .enabled(if: WriteFaultInjector.isAvailable, WriteFaultInjector.reason)
    )
    func attachOpenWhileReadOnly() throws {
        let directory = try TemporaryDirectory()
        let first = try CrashRestoreTests.restart(in: directory, name: "first")
        defer { first.stop() }
        let client = try first.client()
        try client.call("window.open", #"{"group":"detail","value":1}"#)

        let injector = try WriteFaultInjector.start(daemon: first, in: directory)
        defer { injector.stop() }
        #expect(try client.request("window.open", #"{"group":"detail","value":2}"#).code == -32603)
        let attach = try first.client().request("window.attach", #"{"group":"detail","value":77}"#)
        try CrashRestoreTests.kill9(first)
        injector.stop()
        let second = try CrashRestoreTests.restart(in: directory, name: "second")
        defer { second.stop() }
        let after = try second.client().call("window.list", #"{"group":"detail"}"#)["windows"]?.array ?? []
        let survived = after.contains { $0["value"]?.int == 77 }
        #expect(
            attach.code == -32603,
            "an attach that would open a window is refused like window.open: \(attach.message.jsonText)"
        )
        #expect(!survived, "the refused attach did not open the window")
    }

    /// Once the store accepts writes again (`probe` opens): more acknowledged writes, then
    /// kill -9, and the restarted daemon must hold every write ever acknowledged.
    private func expectRecovery(
        of daemon: DaemonProcess,
        client: RawClient,
        in directory: TemporaryDirectory,
        probe: Int64,
        then values: Range<Int64>,
        storing length: Int,
        _ acknowledged: inout Acknowledged
    ) throws {
        try waitUntil("windowd to accept writes again", timeout: .seconds(10)) {
            try client.request("window.open", #"{"group":"detail","value":\#(probe)}"#).result != nil
        }
        for value in values { try open(value, storing: length, with: client, into: &acknowledged) }
        try CrashRestoreTests.kill9(daemon)
        let second = try CrashRestoreTests.restart(in: directory, name: "second")
        defer { second.stop() }
        try acknowledged.check(against: second.client())
    }

    private func open(
        _ value: Int64,
        storing length: Int,
        with client: RawClient,
        into acknowledged: inout Acknowledged
    ) throws {
        let id = try #require(
            client.call("window.open", #"{"group":"detail","value":\#(value)}"#)["window"]?["id"]?.string
        )
        acknowledged.windows[value] = id
        try client.call(
            "storage.set",
            #"{"id":"\#(id)","key":"k0","value":"\#(String(repeating: "v", count: length))"}"#
        )
        acknowledged.storage[id, default: [:]]["k0"] = length
    }
}

/// A tmpfs mounted over `directory/state`, where `DaemonProcess` puts the daemon's state
/// (`XDG_STATE_HOME`); unmounted (lazily, in case a daemon still holds it) by ``unmount()``.
private final class StateMount {
    let path: String
    private var mounted = false

    init(in directory: TemporaryDirectory, size: String) throws {
        path = directory.file("state")
        mkdir(path, 0o700)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path]) else {
            throw TestFailure("mount -t tmpfs on \(path) failed")
        }
        mounted = true
    }

    deinit { unmount() }

    func remount(readOnly: Bool) throws {
        guard Self.run("/bin/mount", ["-o", readOnly ? "remount,ro" : "remount,rw", path]) else {
            throw TestFailure("mount -o remount,\(readOnly ? "ro" : "rw") \(path) failed")
        }
    }

    /// Writes zeros to `file` until the file system is full.
    func fill(_ file: String) throws {
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TestFailure.system("open \(file)") }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let written = chunk.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            if written > 0 { continue }
            if written < 0 && errno == EINTR { continue }
            break
        }
        // Leave no partial page either: fill the last bytes one at a time.
        var byte: UInt8 = 0
        while write(fd, &byte, 1) == 1 {}
    }

    func unmount() {
        guard mounted else { return }
        mounted = false
        _ = Self.run("/bin/umount", ["-l", path])
    }

    /// Runs a command to its end; whether it exited 0.
    static func run(_ executable: String, _ arguments: [String]) -> Bool {
        guard let process = try? SpawnedProcess(executable, arguments) else { return false }
        return (try? process.wait(timeout: .seconds(10))) == .exited(0)
    }
}

/// Makes every `pwrite64` of the daemon fail with EROFS, as a read-only file system would, in
/// all its threads (the store writes on a thread of its own, which must not slip through);
/// ``SyscallFaultInjector/stop()`` detaches and writes work again.
private enum WriteFaultInjector {
    static let isAvailable = SyscallFaultInjector.isAvailable
    static let reason: Comment = "needs root and /usr/bin/strace to inject EROFS into the daemon's writes"

    static func start(daemon: DaemonProcess, in directory: TemporaryDirectory) throws -> SyscallFaultInjector {
        // The pid that serves (and writes), as the daemon itself reports it.
        let pid = try #require(daemon.client().call("hello", #"{"client":"faults","protocol":1}"#)["pid"]?.int)
        return try SyscallFaultInjector(
            pid: pid_t(pid),
            call: "pwrite64",
            fault: "error=EROFS",
            log: directory.file("strace.err")
        )
    }
}

import Foundation
import Testing

@testable import WindowServer

#if canImport(Glibc)
import Glibc
#endif

@Suite("Upgrade in place: the exec and what it hands over", .serialized)
struct SelfExecTests {
    /// Every descriptor of this process: what it is, and its close-on-exec flag.
    static func descriptors() -> [Int32: String] {
        var all: [Int32: String] = [:]
        for fd in SelfExec.openDescriptors(from: 0) {
            var target = [CChar](repeating: 0, count: 512)
            let count = readlink("/proc/self/fd/\(fd)", &target, target.count - 1)
            let name =
                count > 0 ? String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
            all[fd] = "\(name) cloexec=\(fcntl(fd, F_GETFD) & FD_CLOEXEC)"
        }
        return all
    }

    @Test(
        "an exec that fails leaves every descriptor where it was, with its close-on-exec flag, and the environment as it was"
    )
    func failedExecChangesNothing() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let before = Self.descriptors()
        let failure = SelfExec.exec(
            handingOver: [(ends[1], "conn-a-1"), (ends[0], "handoff-state")],
            executable: "/nonexistent/windowd"
        )
        #expect(failure.contains("execve /nonexistent/windowd"), "\(failure)")
        // Other suites of this test process (the store's) open and close descriptors meanwhile:
        // every descriptor open both before and after is as it was, and the two handed over are
        // still open.
        let after = Self.descriptors()
        for (fd, was) in before {
            guard let now = after[fd] else { continue }
            #expect(now == was, "descriptor \(fd)")
        }
        #expect(ends.allSatisfy { after[$0] == before[$0] }, "the descriptors handed over")
        #expect(getenv("LISTEN_FDS") == nil && getenv(SelfExec.descriptorsVariable) == nil)
    }

    @Test("the next image's environment: LISTEN_* left out, the descriptors by number")
    func environment() {
        setenv("LISTEN_FDNAMES", "stale", 1)
        defer { unsetenv("LISTEN_FDNAMES") }
        let environment = SelfExec.nextEnvironment(handOff: "42 7:listener 9:conn-x-1")
        #expect(!environment.contains { $0.hasPrefix("LISTEN_") })
        #expect(environment.last == "WINDOWD_UPGRADE_FDS=42 7:listener 9:conn-x-1")
        #expect(environment.filter { $0.hasPrefix("WINDOWD_UPGRADE_FDS=") }.count == 1)
    }

    @Test("the handed-over descriptors are read for this pid only, marked close-on-exec")
    func parse() {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let value = "\(getpid()) \(ends[0]):listener \(ends[1]):conn-ab-3 1:stdout 999999:gone nonsense"
        let taken = SelfExec.parse(value, pid: getpid())
        #expect(taken.map(\.fileDescriptor) == [ends[0], ends[1]] && taken.map(\.name) == ["listener", "conn-ab-3"])
        #expect(ends.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
        #expect(
            SelfExec.parse(value, pid: getpid() + 1).isEmpty,
            "meant for another process: a program the daemon started"
        )
    }

    @Test(
        "versions",
        arguments: [
            ("0.2.0", [0, 2, 0] as [Int]?), ("0.10.1-dev", [0, 10, 1]), ("1.2", [1, 2, 0]), ("garbage", nil), ("", nil),
        ]
    )
    func versions(text: String, parts: [Int]?) {
        #expect(SelfExec.versionParts(text) == parts)
    }

    @Test("a binary that is not a program, or one too old to take descriptors by number, does not pass the check")
    func check() throws {
        var template = Array("/tmp/selfexec-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func binary(_ name: String, _ text: String) throws -> String {
            let path = directory + "/" + name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            chmod(path, 0o755)
            return path
        }
        #expect(SelfExec.check(try binary("windowd", "\u{7F}not an ELF\n"))?.contains("does not start") == true)
        #expect(SelfExec.check(try binary("old", "#!/bin/sh\necho 0.1.0\n"))?.contains("version '0.1.0'") == true)
        #expect(SelfExec.check(try binary("failing", "#!/bin/sh\nexit 3\n"))?.contains("exit status 3") == true)
        #expect(SelfExec.check(try binary("current", "#!/bin/sh\necho 0.2.0\n")) == nil)
    }

    @Test("a stop asked for during the check ends it at once, with what the binary started in the background")
    func stopEndsTheCheck() throws {
        var template = Array("/tmp/selfexec-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/windowd"
        try "#!/bin/sh\nsleep 300 &\necho $! > \(directory)/bg.pid\nsleep 60\n".write(
            toFile: path,
            atomically: false,
            encoding: .utf8
        )
        chmod(path, 0o755)
        func sleeper() -> Int32? {
            (try? String(contentsOfFile: directory + "/bg.pid", encoding: .utf8)).flatMap {
                Int32($0.split(separator: "\n").first ?? "")
            }
        }
        // The stop comes once the binary has started its background sleep.
        #expect(SelfExec.check(path, stopping: { sleeper() != nil }) == SelfExec.checkStopped)
        let pid = try #require(sleeper())
        defer { kill(pid, SIGKILL) }
        var gone = false
        for _ in 0..<500 where !gone {
            // Gone, or a zombie its new parent has yet to reap.
            gone = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") ?? true
            usleep(10_000)
        }
        #expect(gone, "the background sleep \(pid) was killed with the check's process group")
    }
}

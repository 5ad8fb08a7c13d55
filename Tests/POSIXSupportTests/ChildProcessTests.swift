import POSIXSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one spawn: argv, environment, standard streams, passed descriptors, a session, and why
/// a child could not start.
@Suite("Child process: argv, environment, streams, session, failure reason")
struct ChildProcessTests {
    private static func text(
        _ arguments: [String],
        environment: [String: String]? = nil
    ) throws -> (String, ProcessTermination) {
        let run = try ChildProcess.output(arguments, environment: environment)
        return (String(decoding: run.bytes, as: UTF8.self), run.termination)
    }

    @Test("standard output is captured, and the exit status read")
    func capturesOutput() throws {
        let (printed, ended) = try Self.text(["/bin/sh", "-c", "printf 'one two'; exit 3"])
        #expect(printed == "one two")
        #expect(ended == .exited(3))
    }

    @Test("a program found nowhere on PATH fails with its name and ENOENT")
    func missingProgram() {
        let failure = SpawnFailure.refused(SystemCallError(call: "windowd-no-such-program", errno: ENOENT))
        #expect(throws: failure) { try ChildProcess(["windowd-no-such-program", "--help"]) }
        #expect(failure.description == "windowd-no-such-program: No such file or directory")
        #expect(throws: SpawnFailure.emptyCommand) { try ChildProcess([]) }
        #expect(throws: SpawnFailure.emptyCommand) { try ChildProcess([""]) }
        #expect(SpawnFailure.emptyCommand.description == "empty command")
    }

    @Test("the environment given is the child's whole environment; nil passes ours")
    func environment() throws {
        let (given, _) = try Self.text(["/usr/bin/env"], environment: ["WINDOWD_SPAWN_TEST": "a=b"])
        #expect(given == "WINDOWD_SPAWN_TEST=a=b\n")
        setenv("WINDOWD_SPAWN_INHERITED", "yes", 1)
        defer { unsetenv("WINDOWD_SPAWN_INHERITED") }
        let (inherited, _) = try Self.text(["/bin/sh", "-c", "echo $WINDOWD_SPAWN_INHERITED"])
        #expect(inherited == "yes\n")
    }

    @Test("with newSession the child leads a session of its own; without, it shares ours")
    func session() throws {
        let sessionOfShell = ["/bin/sh", "-c", "read -r pid comm state ppid pgrp sid rest < /proc/$$/stat; echo $sid"]
        let (shared, _) = try Self.text(sessionOfShell)
        #expect(shared == "\(getsid(0))\n")
        let child = try ChildProcess(sessionOfShell, stdout: .file(Self.scratch("sid")), newSession: true)
        defer { unlink(Self.scratch("sid")) }
        #expect(child.wait() == .exited(0))
        #expect(WholeFile.text(Self.scratch("sid")) == "\(child.pid)\n")
    }

    @Test("the child gets passed descriptors as 3, 4, … and no other descriptor of ours")
    func descriptors() throws {
        // A descriptor without close-on-exec, as a test runner or a systemd socket passes one.
        let leaky = open("/dev/null", O_RDONLY)
        defer { close(leaky) }
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let run = try ChildProcess(
            ["/bin/sh", "-c", "ls /proc/self/fd; echo passed >&3"],
            stdout: .file(Self.scratch("fds")),
            passing: [ends[1]]
        )
        close(ends[1])
        #expect(run.wait() == .exited(0))
        defer { unlink(Self.scratch("fds")) }
        let listed = (WholeFile.text(Self.scratch("fds")) ?? "").split(separator: "\n")
        // 0, 1, 2, 3 and the one ls opens for /proc/self/fd.
        #expect(listed.count == 5, "\(listed)")
        #expect(String(decoding: try WholeFile.read(descriptor: ends[0]), as: UTF8.self) == "passed\n")
    }

    @Test("a child is started with default signal dispositions, whatever we ignore")
    func signalDefaults() throws {
        signal(SIGUSR1, SIG_IGN)
        defer { signal(SIGUSR1, SIG_DFL) }
        let child = try ChildProcess(["/bin/sleep", "10"])
        child.signal(SIGUSR1)
        #expect(child.wait(timeout: .seconds(5)) == .signaled(SIGUSR1))
    }

    private static func scratch(_ name: String) -> String { "/tmp/wdt-spawn-\(getpid())-\(name)" }
}

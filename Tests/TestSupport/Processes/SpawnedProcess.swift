import Foundation
package import POSIXSupport

#if canImport(Glibc)
package import Glibc
#endif

/// A test's child process (a ``ChildProcess``), reaped by this object and no one else.
package final class SpawnedProcess {
    /// How a process ended.
    package typealias Termination = ProcessTermination
    /// Where one of the child's standard streams goes.
    package typealias Stream = StandardStream

    private let process: ChildProcess
    package let executable: String

    package var pid: pid_t { process.pid }
    package var termination: Termination? { process.termination }

    /// Starts `executable` with `arguments`; `inheriting` descriptors become its 3, 4, … (as
    /// `LISTEN_FDS` passes them). No other descriptor of the test process reaches it.
    package init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = SpawnedProcess.testEnvironment(),
        stdin: Stream = .null,
        stdout: Stream = .null,
        stderr: Stream = .null,
        inheriting: [Int32] = []
    ) throws {
        guard access(executable, X_OK) == 0 else {
            throw TestFailure(
                "\(executable) is not an executable file; build it first (swift build) or set WINDOWD_BIN / WINCTL_BIN"
            )
        }
        self.executable = executable
        do {
            process = try ChildProcess(
                [executable] + arguments,
                environment: environment,
                stdin: stdin,
                stdout: stdout,
                stderr: stderr,
                passing: inheriting
            )
        } catch {
            throw TestFailure.system("posix_spawn \(executable)", errno: error.errno)
        }
    }

    /// The environment children get: ours, without anything that would connect them to a
    /// systemd, a journal or another windowd.
    package static func testEnvironment(adding extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in [
            "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID",
            "JOURNAL_STREAM", "WINDOWD_SOCKET", "WINDOWD_APP", "CONFIGURATION_DIRECTORY", "STATE_DIRECTORY",
        ] {
            environment.removeValue(forKey: name)
        }
        environment.merge(extra) { $1 }
        return environment
    }

    /// How it ended, if it has; never blocks.
    package func poll() -> Termination? { process.poll() }

    /// Waits until it ends; throws at the deadline (the process keeps running).
    @discardableResult
    package func wait(timeout: Duration = .seconds(10)) throws -> Termination {
        try waitUntil("\(executable) (pid \(pid)) to exit", timeout: timeout) { poll() != nil }
        return termination!
    }

    /// Sends `signal`.
    package func signal(_ signal: Int32) {
        if poll() == nil { process.signal(signal) }
    }

    /// SIGTERM, then SIGKILL if it has not exited within `grace`; reaps it.
    @discardableResult
    package func terminate(grace: Duration = .seconds(5)) -> Termination {
        process.terminate(grace: grace)
    }
}

/// A connected pair of sockets, both close-on-exec: one end for a child's stream, one for us.
package struct SocketPair {
    package let ours: Int32
    package let theirs: Int32

    package init() throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw TestFailure.system("socketpair")
        }
        ours = ends[0]
        theirs = ends[1]
    }
}

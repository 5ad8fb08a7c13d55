import Foundation
import POSIXSupport

#if canImport(Glibc)
package import Glibc
#endif

/// Makes one system call of a running process fail with an error, as a failing kernel would (or
/// take longer), by attaching strace to its threads (every one, or those whose name a test picks: the event
/// loop's alone, so that a child started from another thread is not touched); ``stop()``
/// detaches and the call works again.
package final class SyscallFaultInjector {
    /// Whether this test run can: as root, with strace installed.
    package static let isAvailable = getuid() == 0 && access("/usr/bin/strace", X_OK) == 0

    private let tracer: SpawnedProcess
    private var stopped = false

    /// Injects `fault` into every `call` of `pid` (strace's `inject=` form: `error=EROFS`,
    /// `delay_enter=2000000` for 2 s before the call) in the threads whose name
    /// (`/proc/PID/task/TID/comm`) `threads` accepts, and with `following` in the threads and
    /// children they start later; strace's messages go to `log`.
    package init(
        pid: pid_t,
        call: String,
        fault: String,
        threads: (String) -> Bool = { _ in true },
        following: Bool = true,
        log: String
    ) throws {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").filter { task in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? ""
            return threads(name.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard !tasks.isEmpty else { throw TestFailure("no thread of pid \(pid) to inject \(call) failures into") }
        tracer = try SpawnedProcess(
            "/usr/bin/strace",
            (following ? ["-f"] : []) + [
                "-qq", "-e", "trace=\(call)", "-e", "inject=\(call):\(fault)", "-o", "/dev/null",
            ] + tasks.flatMap { ["-p", $0] },
            stderr: .file(log)
        )
        // strace attaches to the threads one after another: wait until it traces every one of them.
        let tracer = self.tracer
        try waitUntil("strace to attach to the threads \(tasks) of pid \(pid)", timeout: .seconds(10)) {
            if let ended = tracer.poll() {
                throw TestFailure(
                    "strace ended (\(ended)): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")"
                )
            }
            return tasks.allSatisfy { task in
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8))?.contains(
                    "TracerPid:\t\(tracer.pid)"
                ) == true
            }
        }
    }

    deinit { stop() }

    /// Detaches: the call works again.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        tracer.terminate(grace: .seconds(5))
    }
}

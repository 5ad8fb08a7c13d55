import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// The benchmark's way of starting the package's one ``ChildProcess``: environments as
/// `NAME=value` entries, output to a log, its own error type; and what it reads of a child.
extension ChildProcess {
    /// Starts `executable` with `arguments` and exactly `environment` (`NAME=value` entries);
    /// output goes to `log` (or `/dev/null`), input comes from `/dev/null`; `inheriting` become
    /// its descriptors 3, 4, … in order (the `LISTEN_FDS` convention).
    convenience init(
        _ executable: String,
        _ arguments: [String],
        environment: [String],
        log: String? = nil,
        inheriting: [Int32] = []
    ) throws(BenchError) {
        var variables: [String: String] = [:]
        for entry in environment {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            variables[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        do {
            try self.init(
                [executable] + arguments,
                environment: variables,
                stdout: log.map { .appending($0) } ?? .null,
                stderr: .standardOutput,
                passing: inheriting
            )
        } catch {
            throw .system("posix_spawn \(executable)", error.errno)
        }
    }

    /// Its resident set (`VmRSS` of `/proc/PID/status`), or with `peak` its largest so far
    /// (`VmHWM`), in KiB.
    func residentKiB(peak: Bool = false) -> Int? {
        let status = TextFile.read("/proc/\(pid)/status")
        return TextFile.value(after: peak ? "VmHWM:" : "VmRSS:", in: status, until: "\n").flatMap {
            Int($0.filter(\.isNumber))
        }
    }

    /// Runs `executable` to completion with output discarded and returns its exit status, or nil
    /// if it did not exit normally within `timeoutSeconds` (then it is killed).
    ///
    /// Waits in a blocking `waitpid`, so the wall time measured around it has no polling step;
    /// `SIGALRM` (installed without `SA_RESTART`) interrupts a child that hangs.
    static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String],
        timeoutSeconds: UInt32 = 10
    ) throws(BenchError) -> Int32? {
        installAlarmHandler()
        let child = try ChildProcess(executable, arguments, environment: environment)
        alarm(timeoutSeconds)
        defer { alarm(0) }
        let pid = child.pid
        return child.wait(onInterrupt: { kill(pid, SIGKILL) }).exitStatus
    }

    private static func installAlarmHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGALRM, &action, nil)
    }
}

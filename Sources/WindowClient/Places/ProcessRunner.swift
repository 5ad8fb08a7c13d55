import POSIXSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a program from an argv (never through a shell) with its stdin and stderr on
/// `/dev/null`: not a byte of it may land on the screen a presenter draws.
public enum ProcessRunner {
    /// Runs `arguments` with stdout on `/dev/null` and waits; `false` if it could not start or
    /// failed. With a `timeout`, a program still running then is killed and counts as failed.
    @discardableResult
    public static func run(
        _ arguments: [String],
        environment: [String: String]? = nil,
        timeout: Duration? = nil
    ) -> Bool {
        guard let child = try? ChildProcess(arguments, environment: environment) else { return false }
        guard let timeout else { return child.wait() == .exited(0) }
        return child.wait(timeout: timeout) == .exited(0)
    }

    /// Runs `arguments` and returns what it printed on stdout, or `nil` if it failed.
    public static func output(_ arguments: [String]) -> String? {
        guard let run = try? ChildProcess.output(arguments), run.termination == .exited(0) else { return nil }
        return String(decoding: run.bytes, as: UTF8.self)
    }

    /// Whether `program` names an executable: a path, or a name found on `PATH`.
    public static func isExecutable(_ program: String, path: String? = nil) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let directories = (path ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
        return directories.contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}

import Glibc
import POSIXSupport

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

    /// Runs `arguments` as ``run(_:environment:timeout:)`` does; `nil` once it exited 0, else
    /// why not, in a line of a few hundred bytes at most: the command cut short (a launch's argv
    /// may hold a value of 64 KiB) and the first line it wrote on standard error (tmux's
    /// "command too long"), or why it could not start ("Argument list too long").
    public static func failure(of arguments: [String], timeout: Duration) -> String? {
        let command = shortened(arguments)
        guard let ends = try? PipeEnds() else { return "\(command) failed" }
        defer { close(ends.read) }
        let child: ChildProcess
        do {
            defer { close(ends.write) }
            child = try ChildProcess(arguments, stderr: .descriptor(ends.write))
        } catch {
            return "cannot run \(command): \(String(cString: strerror(error.errno)))"
        }
        let termination = child.wait(timeout: timeout)
        guard termination != .exited(0) else { return nil }
        _ = fcntl(ends.read, F_SETFL, O_NONBLOCK)
        var said = [UInt8](repeating: 0, count: 512)
        let count = max(0, Glibc.read(ends.read, &said, said.count))
        let line = String(decoding: said[..<count], as: UTF8.self).split(separator: "\n").first.map(String.init)
        let how = termination.map { "\($0)" } ?? "still running after \(timeout)"
        return "\(command) failed: " + (line ?? how)
    }

    /// `arguments` as one line of at most about 200 bytes: each cut to 40 characters, the line
    /// ended with how long it was in all where it is cut.
    static func shortened(_ arguments: [String]) -> String {
        let words = arguments.map { $0.count > 40 ? $0.prefix(40) + "…" : $0 }
        let line = words.joined(separator: " ")
        guard line.count > 200 else { return line }
        let bytes = arguments.reduce(0) { $0 + $1.utf8.count + 1 }
        return line.prefix(200) + "… (\(arguments.count) arguments, \(bytes) bytes)"
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

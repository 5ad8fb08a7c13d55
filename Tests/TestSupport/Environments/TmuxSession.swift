import Foundation
import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// A tmux server of its own (`tmux -L <unique> -f /dev/null`) with one session, for driving
/// `winctl attach` under a real terminal: send keys, read the screen, ask for formats.
///
/// Released, the server is killed, and with it every program in it.
package final class TmuxSession {
    /// The `-L` socket name, unique to this session.
    package let socketName: String
    private static let counter = Counter()

    /// The tmux binary, found in `PATH`; `nil` if there is none.
    package static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first { access($0, X_OK) == 0 }
    }()

    /// Whether tmux is installed; end-to-end tests under a terminal need it.
    package static var isAvailable: Bool { executable != nil }

    /// Starts a detached session of `columns` × `rows` whose first window runs `command` (an argv),
    /// on the server `-L socketName` (a unique one if `nil`).
    package init(_ command: [String], columns: Int = 100, rows: Int = 30, socketName: String? = nil) throws {
        self.socketName = socketName ?? "wdt-\(getpid())-\(TmuxSession.counter.next())"
        try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"] + command)
    }

    /// A session whose window is an interactive bash of no rc files, prompt `$ `, once it shows
    /// the prompt: a user's shell, with its job control, to type commands into.
    package static func shell() throws -> TmuxSession {
        let session = try TmuxSession(["/usr/bin/env", "PS1=$ ", "/bin/bash", "--norc", "--noprofile", "-i"])
        try session.waitForText("$")
        return session
    }

    /// Waits until the ``shell()`` has its terminal again, then for the status of the command it
    /// ran last (`$?`) to be `status`.
    package func waitForShellStatus(_ status: Int32) throws {
        try waitForDisplay("#{pane_current_command}", "bash")
        try sendKeys("echo status $?", "Enter")
        try waitForText("status \(status)")
    }

    deinit {
        _ = try? run(["kill-server"])
    }

    /// Runs `tmux -L NAME -f /dev/null ARGUMENTS` and returns its standard output; throws if it fails.
    @discardableResult
    package func run(_ arguments: [String], timeout: Duration = .seconds(10)) throws -> String {
        guard let executable = TmuxSession.executable else { throw TestFailure("tmux is not installed") }
        let output = try SocketPair()
        let process: SpawnedProcess
        do {
            defer { close(output.theirs) }
            var environment = SpawnedProcess.testEnvironment(adding: ["TERM": "xterm-256color"])
            environment["TMUX"] = nil
            environment["TMUX_PANE"] = nil
            process = try SpawnedProcess(
                executable,
                ["-L", socketName, "-f", "/dev/null"] + arguments,
                environment: environment,
                stdout: .descriptor(output.theirs)
            )
        }
        defer { close(output.ours) }
        let what = "tmux \(arguments.joined(separator: " "))"
        let bytes: [UInt8]
        do {
            bytes = try LineReader(fileDescriptor: output.ours).drainToEnd(timeout: timeout, what: what)
        } catch {
            process.terminate(grace: .milliseconds(100))
            throw error
        }
        let termination = try process.wait(timeout: timeout)
        guard termination == .exited(0) else { throw TestFailure("\(what) failed: \(termination)") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A client attached to the session through a pseudo-terminal (script(1)): tmux sends focus
    /// reports to panes, and `switch-client` has a client to switch, only while one is attached.
    package func attachClient() throws -> SpawnedProcess {
        guard let executable = TmuxSession.executable else { throw TestFailure("tmux is not installed") }
        var environment = SpawnedProcess.testEnvironment(adding: ["TERM": "xterm-256color"])
        environment["TMUX"] = nil
        return try SpawnedProcess(
            "/usr/bin/script",
            ["-qfc", "\(executable) -L \(socketName) -f /dev/null attach", "/dev/null"],
            environment: environment,
            stdout: .file("/dev/null")
        )
    }

    /// The visible lines of `target`'s pane (the current one if `nil`), trailing blanks trimmed.
    package func screen(_ target: String? = nil) throws -> [String] {
        let text = try run(["capture-pane", "-p"] + (target.map { ["-t", $0] } ?? []))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `display-message -p FORMAT` for `target`: e.g. `#{alternate_on}`, `#{window_index}`.
    package func display(_ format: String, target: String? = nil) throws -> String {
        let text = try run(["display-message", "-p"] + (target.map { ["-t", $0] } ?? []) + [format])
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Types `keys` into `target` as tmux key names (`q`, `Tab`, `C-z`).
    package func sendKeys(_ keys: String..., target: String? = nil) throws {
        try run(["send-keys"] + (target.map { ["-t", $0] } ?? []) + keys)
    }

    /// Sends `bytes` to `target` as they are (`send-keys -H`): escape sequences a terminal would report.
    package func sendBytes(_ bytes: [UInt8], target: String? = nil) throws {
        try run(["send-keys"] + (target.map { ["-t", $0] } ?? []) + ["-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Waits until `target`'s screen satisfies `condition`; the failure shows the last screen.
    @discardableResult
    package func waitForScreen(
        _ what: String,
        target: String? = nil,
        timeout: Duration = .seconds(10),
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        var last: [String] = []
        do {
            try waitUntil(what, timeout: timeout) {
                last = try screen(target)
                return condition(last)
            }
        } catch {
            throw TestFailure("\(error); the screen was:\n\(last.joined(separator: "\n"))")
        }
        return last
    }

    /// Waits until `target`'s screen shows `text` somewhere.
    @discardableResult
    package func waitForText(_ text: String, target: String? = nil, timeout: Duration = .seconds(10)) throws -> [String]
    {
        try waitForScreen("the screen to show '\(text)'", target: target, timeout: timeout) { lines in
            lines.contains { $0.contains(text) }
        }
    }

    /// Waits until `format` for `target` reads `value`.
    package func waitForDisplay(
        _ format: String,
        _ value: String,
        target: String? = nil,
        timeout: Duration = .seconds(10)
    ) throws {
        var last = ""
        do {
            try waitUntil("\(format) to be \(value)", timeout: timeout) {
                last = try display(format, target: target)
                return last == value
            }
        } catch {
            throw TestFailure("\(error); it was '\(last)'")
        }
    }

    /// Numbers for unique socket names within this test process.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()

        package func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

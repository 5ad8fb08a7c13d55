import POSIXSupport
package import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `winctl` binary.
package enum Winctl {
    /// What one run printed and how it ended.
    package struct Run: CustomStringConvertible {
        package let arguments: [String]
        package let termination: SpawnedProcess.Termination
        package let stdout: String
        package let stderr: String

        /// The exit status; -1 if it was killed by a signal.
        package var status: Int32 { termination.exitStatus ?? -1 }

        /// Standard output parsed as one JSON document.
        package func json() throws -> JSONValue { try JSONValue.parse(stdout) }

        package var description: String {
            "winctl \(arguments.joined(separator: " ")) → \(termination)\nstdout: \(stdout)\nstderr: \(stderr)"
        }
    }

    /// The command line for `arguments`, with the global options first (winctl(1) form).
    package static func commandLine(_ arguments: [String], socket: String?, json: Bool) -> [String] {
        (socket.map { ["--socket", $0] } ?? []) + (json ? ["--json"] : []) + arguments
    }

    /// Runs `winctl [--socket SOCKET] [--json] ARGUMENTS` to its end and collects its output;
    /// through `wrapper` (e.g. `setpriv --reuid=…`) when given, which is handed winctl's path;
    /// `executable` is a winctl other than the build's (a copy in another directory).
    package static func run(
        _ arguments: [String],
        socket: String?,
        json: Bool = false,
        timeout: Duration = .seconds(10),
        wrapper: [String] = [],
        executable winctl: String = Binaries.winctl
    ) throws -> Run {
        let commandLine = commandLine(arguments, socket: socket, json: json)
        let output = try SocketPair()
        let errors = try SocketPair()
        let process: SpawnedProcess
        do {
            defer {
                close(output.theirs)
                close(errors.theirs)
            }
            let (executable, argv) =
                wrapper.isEmpty
                ? (winctl, commandLine)
                : (wrapper[0], Array(wrapper.dropFirst()) + [winctl] + commandLine)
            process = try SpawnedProcess(
                executable,
                argv,
                stdout: .descriptor(output.theirs),
                stderr: .descriptor(errors.theirs)
            )
        }
        defer {
            close(output.ours)
            close(errors.ours)
        }
        let what = "winctl \(commandLine.joined(separator: " ")) to finish"
        let outReader = LineReader(fileDescriptor: output.ours)
        let errReader = LineReader(fileDescriptor: errors.ours)
        let deadline = Deadline(timeout)
        let stdout: [UInt8]
        let stderr: [UInt8]
        do {
            (stdout, stderr) = try LineReader.drainBoth(outReader, errReader, timeout: timeout, what: what)
        } catch {
            process.terminate(grace: .milliseconds(100))
            throw error
        }
        let termination = try process.wait(timeout: .milliseconds(Int64(max(deadline.remainingMilliseconds, 1_000))))
        return Run(
            arguments: commandLine,
            termination: termination,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }
}

/// A long-running `winctl` (`attach`, `watch`) whose output is read line by line as it comes
/// and whose standard input takes lines.
package final class WinctlSession {
    package let process: SpawnedProcess
    package let commandLine: [String]
    private let output: SocketPair
    private let input: SocketPair
    private let reader: LineReader
    private var inputOpen = true

    /// Starts winctl; its standard input is a socket ``type(_:)`` writes to, or `stdin` when given.
    package init(
        _ arguments: [String],
        socket: String,
        json: Bool = false,
        stderr: String,
        executable: String = Binaries.winctl,
        stdin: SpawnedProcess.Stream? = nil
    ) throws {
        let commandLine = Winctl.commandLine(arguments, socket: socket, json: json)
        let output = try SocketPair()
        let input = try SocketPair()
        defer {
            close(output.theirs)
            close(input.theirs)
        }
        process = try SpawnedProcess(
            executable,
            commandLine,
            stdin: stdin ?? .descriptor(input.theirs),
            stdout: .descriptor(output.theirs),
            stderr: .file(stderr)
        )
        self.commandLine = commandLine
        self.output = output
        self.input = input
        reader = LineReader(fileDescriptor: output.ours)
    }

    deinit {
        stop()
        close(output.ours)
        if inputOpen { close(input.ours) }
    }

    /// The next line it printed, or `nil` once its output has ended.
    package func readLine(timeout: Duration = .seconds(30)) throws -> String? {
        try reader.readLine(timeout: timeout, what: "a line from winctl \(commandLine.joined(separator: " "))")
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// The next line it printed, parsed as JSON.
    package func readJSON(timeout: Duration = .seconds(30)) throws -> JSONValue {
        guard let line = try readLine(timeout: timeout) else {
            throw TestFailure(
                "winctl \(commandLine.joined(separator: " ")) ended its output (\(process.poll().map(\.description) ?? "running"))"
            )
        }
        return try JSONValue.parse(line)
    }

    /// Reads lines until one satisfies `matching`.
    package func readJSON(until matching: (JSONValue) -> Bool, timeout: Duration = .seconds(30)) throws -> JSONValue {
        let deadline = Deadline(timeout)
        while true {
            let line = try readJSON(timeout: .milliseconds(Int64(deadline.remainingMilliseconds)))
            if matching(line) { return line }
        }
    }

    /// Types `line` on its standard input.
    package func type(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { send(input.ours, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == bytes.count else { throw TestFailure.system("write to winctl's standard input") }
    }

    /// Waits for it to exit.
    package func wait(timeout: Duration = .seconds(10)) throws -> SpawnedProcess.Termination {
        try process.wait(timeout: timeout)
    }

    /// Ends it (SIGTERM, then SIGKILL) and reaps it.
    package func stop() {
        process.terminate(grace: .seconds(2))
    }
}

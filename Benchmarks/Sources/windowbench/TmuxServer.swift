import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// A tmux server with one detached session (`bench`) on a socket under the bench's directory,
/// the peer of `winctl` as a one-shot client: tmux's own client commands against it. Stopped
/// with `SIGTERM` by its pid.
final class TmuxServer {
    /// The server's socket (`tmux -S`).
    let socketPath: String
    private let serverPID: Int32
    private static let environment = ["PATH=/usr/bin:/bin", "TERM=xterm-256color"]

    /// Starts the server and its session, and reads the server's pid.
    init(directory: String, name: String = "tmux") throws(BenchError) {
        socketPath = "\(directory)/\(name).sock"
        let environment = Self.environment + ["HOME=\(directory)"]
        guard
            try ChildProcess.run(
                "tmux",
                ["-S", socketPath, "-f", "/dev/null", "new-session", "-d", "-s", "bench"],
                environment: environment
            ) == 0
        else {
            throw .failed("tmux new-session failed")
        }
        let pidFile = "\(directory)/\(name).pid"
        let query = try ChildProcess(
            "tmux",
            ["-S", socketPath, "display-message", "-p", "#{pid}"],
            environment: environment,
            log: pidFile
        )
        query.wait(timeout: .seconds(10))
        guard let pid = Int32(TextFile.read(pidFile).filter({ $0.isNumber })) else {
            throw .failed("cannot read tmux's server pid")
        }
        serverPID = pid
    }

    /// `tmux -S … display-message -p '#{session_name}'`: a whole client process's command line.
    var displayMessage: (executable: String, arguments: [String]) {
        ("tmux", ["-S", socketPath, "display-message", "-p", "#{session_name}"])
    }

    /// ``displayMessage`` `runs` times in a row.
    func timeDisplayMessage(runs: Int) throws(BenchError) -> ClosedLoopLoad.Outcome {
        try ProcessTiming.time(
            displayMessage.executable,
            displayMessage.arguments,
            runs: runs,
            extraEnvironment: ["TERM=xterm-256color"]
        )
    }

    /// Ends the server and waits up to a second for it to go.
    func stop() {
        kill(serverPID, SIGTERM)
        for _ in 0..<100 where kill(serverPID, 0) == 0 { MonotonicClock.sleep(milliseconds: 10) }
    }
}

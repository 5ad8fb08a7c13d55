import POSIXSupport
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd with `NOTIFY_SOCKET` pointing at a ``NotifyListener``, a config file and a socket
/// in a private temporary directory; stopped (SIGTERM, then SIGKILL) when released.
package final class NotifiedWindowd {
    package let directory: TemporaryDirectory
    package let listener: NotifyListener
    package let socketPath: String
    package let process: SpawnedProcess

    /// The datagrams a busy manager had queued before windowd started; 0 unless asked for.
    package private(set) var queuedBeforeStart = 0

    /// - Parameters:
    ///   - watchdogPIDIsChild: start through `/bin/sh`, which sets `WATCHDOG_PID` to its own pid
    ///     and then execs windowd, as systemd sets it to the service's pid.
    ///   - busyManager: fill the notify socket's queue before windowd starts, as a manager that
    ///     stopped reading would have it: windowd's first `sd_notify` already finds it full.
    package init(
        config: String = TestConfig.text(),
        environment extra: [String: String] = [:],
        watchdogPIDIsChild: Bool = false,
        busyManager: Bool = false
    ) throws {
        directory = try TemporaryDirectory()
        listener = try NotifyListener(directory: directory.path)
        if busyManager {
            queuedBeforeStart = try listener.fillQueue()
        }
        socketPath = directory.file("s.sock")
        let configPath = try directory.write(config, to: "windowd.toml")
        let environment = SpawnedProcess.testEnvironment(
            adding: [
                "NOTIFY_SOCKET": listener.path,
                "XDG_STATE_HOME": directory.file("state"), "XDG_RUNTIME_DIR": directory.path,
                "XDG_CONFIG_HOME": directory.file("config"),
            ].merging(extra) { $1 }
        )
        let arguments = ["--config", configPath, "--socket", socketPath]
        let log = SpawnedProcess.Stream.file(directory.file("windowd.log"))
        if watchdogPIDIsChild {
            guard access(Binaries.windowd, X_OK) == 0 else {
                throw TestFailure(
                    "\(Binaries.windowd) is not an executable file; build it first (swift build) or set WINDOWD_BIN"
                )
            }
            let script = #"WATCHDOG_PID=$$; export WATCHDOG_PID; exec "$0" "$@""#
            process = try SpawnedProcess(
                "/bin/sh",
                ["-c", script, Binaries.windowd] + arguments,
                environment: environment,
                stderr: log
            )
        } else {
            process = try SpawnedProcess(Binaries.windowd, arguments, environment: environment, stderr: log)
        }
    }

    deinit {
        process.terminate(grace: .seconds(2))
    }

    /// What windowd wrote to standard error.
    package var log: String { directory.read("windowd.log") }

    /// Waits until the socket accepts a connection (the kernel's backlog does, before the
    /// daemon answers anything); fails at once if windowd exits.
    package func waitUntilServing(timeout: Duration = .seconds(15)) throws {
        try waitUntil("windowd to accept connections at \(socketPath)", timeout: timeout) {
            if let ended = process.poll() {
                throw TestFailure("windowd exited (\(ended)) before serving \(socketPath); its log:\n\(log)")
            }
            return UnixSocketConnection.isServed(socketPath)
        }
    }

    /// Polls `app.state` over `client` until its `state` member is `kind`.
    package func waitForAppState(_ kind: String, client: RawClient) throws {
        try waitUntil("app state \(kind)", timeout: .seconds(5)) {
            try client.call("app.state")["state"]?["state"]?.string == kind
        }
    }
}

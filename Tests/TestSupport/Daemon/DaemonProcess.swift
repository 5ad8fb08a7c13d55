import POSIXSupport
import WindowProtocol

#if canImport(Glibc)
package import Glibc
#endif

/// A real `windowd` on a private socket in its own temporary directory, with its own config file.
///
/// Keep it alive with `defer { daemon.stop() }`: stopping sends SIGTERM (SIGKILL if that is
/// not enough), reaps it, and closes every client made with ``client()``.
package final class DaemonProcess {
    package let directory: TemporaryDirectory
    package let socketPath: String
    package let configPath: String
    package let logName: String
    package let process: SpawnedProcess
    private var clients: [RawClient] = []

    package var pid: pid_t { process.pid }

    /// Starts `windowd --config CONFIG --socket SOCKET` without waiting for anything; for an
    /// `app`, `windowd --config CONFIG --app APP`, whose socket is `windowd/APP.sock` in the
    /// directory (its `XDG_RUNTIME_DIR`) and whose manifest a test writes with ``installManifest(_:app:in:)``.
    /// Through `wrapper` when given (e.g. `prlimit --nofile=1024:1024`), which must exec windowd
    /// so that ``pid`` is the daemon's. `binary` is the windowd to run (a copy that a test
    /// replaces, for an upgrade in place).
    package init(
        in directory: TemporaryDirectory,
        config: String = TestConfig.text(),
        socket: String = "s.sock",
        name: String = "windowd",
        extraArguments: [String] = [],
        app: String? = nil,
        wrapper: [String] = [],
        binary: String = Binaries.windowd
    ) throws {
        self.directory = directory
        socketPath = app.map { directory.file("windowd/\($0).sock") } ?? directory.file(socket)
        logName = name + ".log"
        configPath = try directory.write(config, to: name + ".toml")
        let environment = SpawnedProcess.testEnvironment(adding: [
            "XDG_STATE_HOME": directory.file("state"), "XDG_RUNTIME_DIR": directory.path,
            "XDG_CONFIG_HOME": directory.file("config"),
        ])
        let arguments =
            ["--config", configPath] + (app.map { ["--app", $0] } ?? ["--socket", socketPath]) + extraArguments
        process = try SpawnedProcess(
            wrapper.first ?? binary,
            wrapper.isEmpty ? arguments : Array(wrapper.dropFirst()) + [binary] + arguments,
            environment: environment,
            stdout: .file(directory.file(name + ".out")),
            stderr: .file(directory.file(logName))
        )
    }

    deinit { stop() }

    /// Starts a daemon in a fresh directory and waits until it serves and has left `loading`.
    package static func start(config: String = TestConfig.text()) throws -> DaemonProcess {
        try start(in: TemporaryDirectory(), config: config)
    }

    /// Starts a daemon in `directory` (whose state it keeps) and waits until it serves and has left `loading`.
    package static func start(
        in directory: TemporaryDirectory,
        config: String = TestConfig.text(),
        name: String = "windowd",
        app: String? = nil
    ) throws -> DaemonProcess {
        let daemon = try DaemonProcess(in: directory, config: config, name: name, app: app)
        try daemon.waitUntilServing()
        try daemon.waitForAppState("unauthenticated")
        return daemon
    }

    /// What the daemon wrote to standard error so far.
    package var log: String { directory.read(logName) }

    /// Waits until the socket accepts a connection; fails at once if the daemon exits.
    package func waitUntilServing(timeout: Duration = .seconds(15)) throws {
        try waitUntil("windowd to accept connections at \(socketPath)", timeout: timeout) {
            if let ended = process.poll() {
                throw TestFailure("windowd exited (\(ended)) before serving \(socketPath); its log:\n\(log)")
            }
            return UnixSocketConnection.isServed(socketPath)
        }
    }

    /// Polls `app.state` until its `state` member is `kind`.
    package func waitForAppState(_ kind: String, timeout: Duration = .seconds(10)) throws {
        let probe = try RawClient(path: socketPath)
        defer { probe.close() }
        var last = ""
        do {
            try waitUntil("app state \(kind)", timeout: timeout) {
                let state = try probe.call("app.state")["state"]
                last = state?.jsonText ?? "none"
                return state?["state"]?.string == kind
            }
        } catch {
            throw TestFailure("\(error); the state stayed \(last)")
        }
    }

    /// A new connection, closed when the daemon is stopped.
    package func client() throws -> RawClient {
        let client = try RawClient(path: socketPath)
        clients.append(client)
        return client
    }

    /// Stops the daemon (SIGTERM, then SIGKILL after `grace`), reaps it and closes the clients.
    @discardableResult
    package func stop(grace: Duration = .seconds(5)) -> SpawnedProcess.Termination {
        let termination = process.terminate(grace: grace)
        clients.forEach { $0.close() }
        clients.removeAll()
        return termination
    }
}

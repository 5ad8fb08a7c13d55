#if canImport(Glibc)
import Glibc
#endif
import POSIXSupport

/// One `windowd` this benchmark runs: its own config, state directory and socket under the
/// bench's temporary directory, started with `NOTIFY_SOCKET` pointing at a socket we read,
/// stopped with `SIGTERM` by its pid.
final class WindowdInstance {
    /// The release binary.
    let binary: String
    /// The listening socket.
    let socketPath: String
    /// The config file written for it.
    let configPath: String
    private let notifyPath: String
    private let logPath: String
    private(set) var process: ChildProcess?

    /// Prepares `directory/name.*`; `durability` is `state.durability`.
    init(binary: String, directory: String, name: String, durability: String = "normal") throws(BenchError) {
        self.binary = binary
        socketPath = "\(directory)/\(name).sock"
        configPath = "\(directory)/\(name).toml"
        logPath = "\(directory)/\(name).log"
        notifyPath = "\(directory)/\(name).notify"
        let config = """
            [daemon]
            socket = "\(socketPath)"
            max_clients = 4096
            max_windows = 1000000

            [state]
            directory = "\(directory)/\(name)-state"
            durability = "\(durability)"

            [app]
            minimum_loading_ms = 0

            [groups.main]
            value = "none"

            [groups.detail]
            value = "int"

            [groups.notes]
            value = "string"

            """
        guard let file = fopen(configPath, "w") else { throw .system("create \(configPath)", errno) }
        fputs(config, file)
        fclose(file)
    }

    deinit { stop() }

    /// Starts the daemon and waits for `READY=1`; returns nanoseconds from spawn to `READY=1`.
    ///
    /// The notify socket is closed and unlinked right after `READY=1`: nobody would read the
    /// `STATUS=` updates that follow, and a full datagram queue would block the daemon's
    /// `sd_notify` (and with it its event loop); to an absent socket it fails at once.
    @discardableResult
    func start() throws(BenchError) -> UInt64 {
        let notify = try NotifySocket(path: notifyPath)
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(home)", "NOTIFY_SOCKET=\(notify.path)"]
        let spawnedAt = MonotonicClock.now()
        let child = try ChildProcess(binary, ["--config", configPath, "--log-level", "warning"], environment: environment, log: logPath)
        process = child
        guard let ready = notify.waitForReady(timeoutMilliseconds: 30_000) else {
            child.terminate(grace: .seconds(5))
            throw .failed("\(binary) sent no READY=1 within 30 s (log: \(logPath))")
        }
        return ready - spawnedAt
    }

    /// Stops it with `SIGTERM` (then `SIGKILL` after 10 s) and reaps it.
    func stop() {
        process?.terminate(grace: .seconds(10))
        process = nil
    }

    /// The daemon's resident set in KiB.
    func residentKiB() throws(BenchError) -> Int {
        guard let kib = process?.residentKiB() else { throw .failed("cannot read VmRSS of windowd") }
        return kib
    }
}

import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

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
    /// The user it runs as (through setpriv(1)), when not this process's.
    private let user: String?

    /// Prepares `directory/name.*`; `durability` is `state.durability`. With `user` (this process
    /// being root) it runs as that user, its files in a directory `directory/name` of theirs.
    init(
        binary: String,
        directory parent: String,
        name: String,
        durability: String = "normal",
        user: String? = nil
    ) throws(BenchError) {
        self.binary = binary
        self.user = user
        var directory = parent
        if let user {
            directory = "\(parent)/\(name)"
            guard mkdir(directory, 0o700) == 0 else { throw .system("mkdir \(directory)", errno) }
            guard try ChildProcess.run("chown", [user, directory], environment: []) == 0 else {
                throw .failed("chown \(user) \(directory) failed")
            }
            guard chmod(parent, 0o711) == 0 else { throw .system("chmod \(parent)", errno) }
        }
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
        var argv = [binary, "--config", configPath, "--log-level", "warning"]
        if let user {
            // setpriv execs windowd: the pid is the daemon's. Its notify socket is root's.
            guard chmod(notifyPath, 0o666) == 0 else { throw .system("chmod \(notifyPath)", errno) }
            argv = ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--"] + argv
        }
        let spawnedAt = MonotonicClock.now()
        let child = try ChildProcess(argv[0], Array(argv.dropFirst()), environment: environment, log: logPath)
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

    /// The daemon's resident set in KiB, or with `peak` its largest so far (`VmHWM`).
    func residentKiB(peak: Bool = false) throws(BenchError) -> Int {
        guard let kib = process?.residentKiB(peak: peak) else { throw .failed("cannot read the RSS of windowd") }
        return kib
    }
}

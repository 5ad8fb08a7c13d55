import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// One `redis-server` this benchmark runs as a peer: a Unix socket and a data directory under
/// the bench's temporary directory, no TCP port, started under `--supervised systemd` with
/// `NOTIFY_SOCKET` pointing at a socket we read (as ``WindowdInstance`` is), stopped with
/// `SIGTERM` by its pid.
///
/// The load generator speaks RESP's inline commands to it (`EXISTS window:42\r\n`): one text
/// line per request, as windowd gets one JSON line, through the same ``ClosedLoopLoad``.
final class RedisInstance {
    /// The listening socket.
    let socketPath: String
    /// Where `dump.rdb` and the append-only file live.
    let dataDirectory: String
    private let notifyPath: String
    private let logPath: String
    private let appendfsync: String?
    private(set) var process: ChildProcess?

    /// A reply to an inline command containing this is an error (`-ERR …`); the replies the
    /// benchmark expects (`:1`, `+OK`) hold no `-`.
    static let errorMarker: [UInt8] = Array("-".utf8)

    /// Prepares `directory/name.*`; `appendfsync` (`everysec`, `always`) turns the append-only
    /// file on, nil leaves it off. A `dump.rdb` in the data directory is loaded at start.
    init(directory: String, name: String, appendfsync: String? = nil) {
        socketPath = "\(directory)/\(name).sock"
        dataDirectory = "\(directory)/\(name)-data"
        notifyPath = "\(directory)/\(name).notify"
        logPath = "\(directory)/\(name).log"
        self.appendfsync = appendfsync
        mkdir(dataDirectory, 0o700)
    }

    deinit { stop() }

    /// Starts the server and waits for `READY=1`; returns nanoseconds from spawn to `READY=1`
    /// (redis sends it once its data set is loaded and it accepts connections).
    @discardableResult
    func start() throws(BenchError) -> UInt64 {
        var arguments = [
            "--port", "0", "--unixsocket", socketPath, "--unixsocketperm", "700", "--dir", dataDirectory,
            "--save", "", "--daemonize", "no", "--supervised", "systemd", "--maxclients", "4096", "--loglevel",
            "warning",
        ]
        if let appendfsync {
            arguments += ["--appendonly", "yes", "--appendfsync", appendfsync]
        } else {
            arguments += ["--appendonly", "no"]
        }
        let notify = try NotifySocket(path: notifyPath)
        let spawnedAt = MonotonicClock.now()
        let child = try ChildProcess(
            "redis-server",
            arguments,
            environment: ["PATH=/usr/bin:/bin", "NOTIFY_SOCKET=\(notify.path)"],
            log: logPath
        )
        process = child
        guard let ready = notify.waitForReady(timeoutMilliseconds: 30_000) else {
            child.terminate(grace: .seconds(5))
            throw .failed("redis-server sent no READY=1 within 30 s (log: \(logPath))")
        }
        return ready - spawnedAt
    }

    /// Stops it with `SIGTERM` (then `SIGKILL` after 5 s) and reaps it.
    func stop() {
        process?.terminate(grace: .seconds(5))
        process = nil
    }

    /// The server's resident set in KiB.
    func residentKiB() throws(BenchError) -> Int {
        guard let kib = process?.residentKiB() else { throw .failed("cannot read VmRSS of redis-server") }
        return kib
    }

    /// Sends one inline command on a connection of its own and returns the reply's first line.
    func call(_ command: String) throws(BenchError) -> String {
        let connection = try UnixSocket.connect(socketPath, retryMilliseconds: 5000)
        defer { close(connection) }
        return try UnixSocket.call(connection, command)
    }
}

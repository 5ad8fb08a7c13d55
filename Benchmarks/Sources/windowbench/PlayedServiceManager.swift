import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// Plays systemd's side of a `Type=notify` service with an fd store, as the tests'
/// `FDStoreHarness` does: it reads `NOTIFY_SOCKET` datagrams, keeps the descriptors sent with
/// `FDSTORE=1` under their `FDNAME=`, drops them on `FDSTOREREMOVE=1`, and starts each windowd
/// with what is stored as `LISTEN_FDS` / `LISTEN_FDNAMES` / `LISTEN_PID`.
///
/// Like systemd it keeps its own copy of every stored descriptor, so a client connection stays
/// open while no windowd runs. It is read from the bench's one thread: ``receive()`` takes what
/// is waiting without blocking, so it fits into a measuring loop.
final class PlayedServiceManager {
    /// The path in `NOTIFY_SOCKET`.
    let notifyPath: String
    /// The descriptors stored now, in the order they came.
    private(set) var stored: [(name: String, fd: Int32)] = []
    /// The running (or last) windowd.
    private(set) var process: ChildProcess?
    /// When the last `READY=1` arrived, on ``MonotonicClock``.
    private(set) var readyAt: UInt64?
    private let socket: Int32

    /// Stored descriptors are moved to this number or above, so that starting windowd (which
    /// moves them down to 3, 4, …) never overwrites one with another.
    private static let storedDescriptorFloor: Int32 = 8192

    init(notifyPath: String) throws(BenchError) {
        self.notifyPath = notifyPath
        unlink(notifyPath)
        socket = try UnixSocket.bindDatagram(notifyPath)
    }

    deinit {
        process?.terminate(signal: SIGKILL, grace: .seconds(1))
        stored.forEach { close($0.fd) }
        close(socket)
        unlink(notifyPath)
    }

    /// The number of stored client connections (`conn-*`).
    var storedConnections: Int { stored.count { $0.name.hasPrefix("conn-") } }

    /// Starts `binary` with `arguments`, the fd store on (`WINDOWD_FDSTORE=1`) and every stored
    /// descriptor handed over; output is appended to `log`. Does not wait for `READY=1`.
    func start(_ binary: String, _ arguments: [String], log: String) throws(BenchError) {
        readyAt = nil
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        var environment = ["PATH=/usr/bin:/bin", "HOME=\(home)", "NOTIFY_SOCKET=\(notifyPath)", "WINDOWD_FDSTORE=1"]
        if !stored.isEmpty {
            environment += [
                "LISTEN_FDS=\(stored.count)", "LISTEN_FDNAMES=\(stored.map(\.name).joined(separator: ":"))",
            ]
        }
        // LISTEN_PID must be windowd's own pid, which systemd sets between fork and exec: here
        // the shell sets it to its own and execs windowd in its place (as FDStoreHarness does).
        let script = #"[ -n "$LISTEN_FDS" ] && export LISTEN_PID=$$; exec "$0" "$@""#
        process = try ChildProcess(
            "/bin/sh",
            ["-c", script, binary] + arguments,
            environment: environment,
            log: log,
            inheriting: stored.map(\.fd)
        )
    }

    /// Waits for `READY=1` from the running windowd, taking every notification meanwhile.
    func waitForReady(timeoutMilliseconds: Int = 30_000) throws(BenchError) {
        try wait(for: "READY=1", timeoutMilliseconds: timeoutMilliseconds) { readyAt != nil }
    }

    /// Waits until `count` client connections are stored (each accepted one is, soon after).
    func waitForStoredConnections(_ count: Int, timeoutMilliseconds: Int = 30_000) throws(BenchError) {
        try wait(for: "\(count) stored connections", timeoutMilliseconds: timeoutMilliseconds) {
            storedConnections >= count
        }
    }

    /// One turn of a restart as systemd runs it: takes the notifications waiting, and once the
    /// running windowd has exited (and everything it sent is taken), starts the next one.
    ///
    /// - Returns: whether the next windowd was started in this turn.
    func restartTurn(_ binary: String, _ arguments: [String], log: String) throws(BenchError) -> Bool {
        receive()
        guard let process, process.poll() != nil else { return false }
        // The exited process's datagrams are all queued by now: take them before starting.
        receive()
        try start(binary, arguments, log: log)
        return true
    }

    /// Takes every notification waiting, without blocking; applies `FDSTORE=1` and
    /// `FDSTOREREMOVE=1` as systemd does and notes `READY=1`.
    func receive() {
        var data = [UInt8](repeating: 0, count: 8192)
        var control = [UInt8](repeating: 0, count: 4096)
        while let (text, descriptors) = DescriptorDatagram.receive(on: socket, data: &data, control: &control) {
            apply(text, descriptors)
        }
    }

    private func wait(for what: String, timeoutMilliseconds: Int, until done: () -> Bool) throws(BenchError) {
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            receive()
            if done() { return }
            if process.map({ $0.poll() != nil }) ?? true { throw .failed("windowd ended before \(what)") }
            guard MonotonicClock.now() < deadline else {
                throw .failed("no \(what) from windowd within \(timeoutMilliseconds) ms")
            }
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 5)
        }
    }

    private func apply(_ text: String, _ descriptors: [Int32]) {
        var fields: [Substring: Substring] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[line[..<equals]] = line[line.index(after: equals)...]
        }
        if fields["FDSTORE"] == "1" {
            let name = fields["FDNAME"].map(String.init) ?? "stored"
            for fd in descriptors {
                let lifted = fcntl(fd, F_DUPFD_CLOEXEC, Self.storedDescriptorFloor)
                close(fd)
                if lifted >= 0 { stored.append((name, lifted)) }
            }
        } else {
            descriptors.forEach { close($0) }
        }
        if fields["FDSTOREREMOVE"] == "1", let name = fields["FDNAME"] {
            stored.filter { $0.name == name }.forEach { close($0.fd) }
            stored.removeAll { $0.name == name }
        }
        if fields["READY"] == "1" { readyAt = MonotonicClock.now() }
    }
}

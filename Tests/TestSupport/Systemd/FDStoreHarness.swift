import Foundation
import POSIXSupport
import Synchronization
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Plays systemd's file-descriptor store without systemd: it receives `FDSTORE=1` descriptors
/// over `SCM_RIGHTS` on its `NOTIFY_SOCKET`, honours `FDSTOREREMOVE=1`, and starts each new
/// windowd with the stored descriptors as `LISTEN_FDS` / `LISTEN_FDNAMES` / `LISTEN_PID`.
/// Like systemd, it keeps its own copy of every stored descriptor, so a client connection
/// stays open while no daemon runs.
package final class FDStoreHarness {
    package let directory: TemporaryDirectory
    package let socketPath: String
    package let configPath: String
    private let notifyPath: String
    private let notifySocket: Int32
    package private(set) var process: SpawnedProcess?
    private var generation = 0
    /// What the reader thread collected: a service manager reads its notify socket at once,
    /// and a daemon blocks in `sd_notify` when the socket's queue (10 datagrams) is full.
    private let shared = Shared()
    private var cursor = 0

    private struct Inbox {
        package var stored: [(name: String, fd: Int32)] = []
        package var messages: [String] = []
    }

    /// What the reader thread and the test share.
    private final class Shared: Sendable {
        package let inbox = Mutex(Inbox())
        package let stop = Atomic<Bool>(false)
    }

    /// The descriptors stored now.
    package var stored: [(name: String, fd: Int32)] { shared.inbox.withLock { $0.stored } }

    package init(config: String = TestConfig.text()) throws {
        directory = try TemporaryDirectory()
        socketPath = directory.file("s.sock")
        configPath = try directory.write(config, to: "windowd.toml")
        notifyPath = directory.file("notify")
        notifySocket = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = UnixSocketConnection.withAddress(of: notifyPath) { bind(notifySocket, $0, $1) }
        guard bound == 0 else { throw TestFailure.system("bind \(notifyPath)") }
        let socketFD = notifySocket
        let shared = self.shared
        Thread {
            while !shared.stop.load(ordering: .relaxed) {
                guard let (text, descriptors) = Self.receive(on: socketFD) else { continue }
                shared.inbox.withLock { Self.apply(text, descriptors, to: &$0) }
            }
        }.start()
    }

    deinit {
        if let process, process.poll() == nil { _ = process.terminate(grace: .seconds(2)) }
        shared.stop.store(true, ordering: .relaxed)
        usleep(100_000)
        shared.inbox.withLock { $0.stored.forEach { close($0.fd) } }
        close(notifySocket)
    }

    /// The names stored now.
    package var storedNames: [String] { stored.map(\.name) }

    /// Starts windowd with what is stored and waits for `READY=1`.
    package func start() throws {
        generation += 1
        var environment = SpawnedProcess.testEnvironment(adding: [
            "XDG_STATE_HOME": directory.file("state"), "XDG_RUNTIME_DIR": directory.path,
            "XDG_CONFIG_HOME": directory.file("config"),
            "NOTIFY_SOCKET": notifyPath, "WINDOWD_FDSTORE": "1",
        ])
        if !stored.isEmpty {
            environment["LISTEN_FDS"] = String(stored.count)
            environment["LISTEN_FDNAMES"] = stored.map(\.name).joined(separator: ":")
        }
        // LISTEN_PID must be windowd's own pid: the shell sets it and execs in place.
        let script = #"[ -n "$LISTEN_FDS" ] && export LISTEN_PID=$$; exec "$0" "$@""#
        process = try SpawnedProcess(
            "/bin/sh",
            ["-c", script, Binaries.windowd, "--config", configPath, "--socket", socketPath],
            environment: environment,
            stdout: .file(directory.file("windowd-\(generation).out")),
            stderr: .file(directory.file("windowd-\(generation).log")),
            inheriting: stored.map(\.fd)
        )
        try waitFor("READY=1") { $0.contains("READY=1") }
    }

    /// Everything windowd logged, all generations.
    package var log: String {
        (1...max(generation, 1)).map { directory.read("windowd-\($0).log") }.joined(separator: "\n")
    }

    /// Signals the running windowd, waits for it to end while taking its notifications, then
    /// starts the next one. Returns how the previous one ended.
    @discardableResult
    package func restart(with signal: Int32) throws -> SpawnedProcess.Termination {
        guard let process else { throw TestFailure("no windowd to restart") }
        process.signal(signal)
        let deadline = Deadline(.seconds(10))
        var ended: SpawnedProcess.Termination?
        while ended == nil {
            usleep(5_000)
            ended = process.poll()
            if deadline.hasPassed { throw TestFailure("windowd did not end after signal \(signal); log:\n\(log)") }
        }
        usleep(100_000)  // the reader takes the last notifications
        try start()
        return ended!
    }

    /// Takes notifications until one satisfies `matching`.
    package func waitFor(_ what: String, timeout: Duration = .seconds(15), _ matching: (String) -> Bool) throws {
        let deadline = Deadline(timeout)
        while !deadline.hasPassed {
            let messages = shared.inbox.withLock { $0.messages }
            while cursor < messages.count {
                cursor += 1
                if matching(messages[cursor - 1]) { return }
            }
            if let ended = process?.poll() {
                throw TestFailure("windowd ended (\(ended)) before \(what); log:\n\(log)")
            }
            usleep(2_000)
        }
        throw TestFailure("no \(what) from windowd within \(timeout); log:\n\(log)")
    }

    /// Reads one notification and the descriptors that came with it; `nil` after 50 ms without one.
    private static func receive(on notifySocket: Int32) -> (String, [Int32])? {
        var poller = pollfd(fd: notifySocket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 50) > 0 else { return nil }
        var data = [UInt8](repeating: 0, count: 8192)
        var control = [UInt8](repeating: 0, count: 4096)
        return DescriptorDatagram.receive(on: notifySocket, data: &data, control: &control)
    }

    /// Stores or removes descriptors as a notification says, as systemd does.
    private static func apply(_ text: String, _ descriptors: [Int32], to inbox: inout Inbox) {
        let fields = Dictionary(
            text.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let equals = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<equals]), String(line[line.index(after: equals)...]))
            },
            uniquingKeysWith: { $1 }
        )
        if fields["FDSTORE"] == "1" {
            let name = fields["FDNAME"] ?? "stored"
            inbox.stored += descriptors.map { (name, $0) }
        } else {
            descriptors.forEach { close($0) }
        }
        if fields["FDSTOREREMOVE"] == "1", let name = fields["FDNAME"] {
            inbox.stored.filter { $0.name == name }.forEach { close($0.fd) }
            inbox.stored.removeAll { $0.name == name }
        }
        inbox.messages.append(text)
    }
}

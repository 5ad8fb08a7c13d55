import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// A subscriber of ``SubscriberSuite`` in a process of its own (windowbench again, with
/// `--subscriber`), so that it can be stopped with SIGSTOP as a suspended client is, and pauses
/// without pausing the load. It prints `subscribed` each time it has subscribed.
final class SubscriberProcess {
    /// What it does with its connection.
    enum Behaviour: String {
        /// Reads everything as it comes (until stopped).
        case reads
        /// Reads everything it has, pauses 0.97 s, again and again.
        case pulses
        /// Reads nothing, not even its subscription's reply.
        case neverReads = "never-reads"
    }

    private let process: ChildProcess
    private let log: String
    private var suspended = false

    init(behaviour: Behaviour, socket: String, log: String) throws(BenchError) {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { throw .system("readlink /proc/self/exe", errno) }
        let executable = String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.log = log
        process = try ChildProcess(
            executable,
            ["--subscriber", behaviour.rawValue, "--subscriber-socket", socket],
            environment: ["PATH=/usr/bin:/bin"],
            log: log
        )
    }

    deinit { stop() }

    /// Times it has subscribed so far.
    func subscriptions() -> Int {
        TextFile.read(log).split(separator: "\n").filter { $0 == "subscribed" }.count
    }

    /// Waits until it has subscribed `count` times.
    func awaitSubscriptions(_ count: Int, timeoutMilliseconds: Int = 10_000) throws(BenchError) {
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while subscriptions() < count {
            guard MonotonicClock.now() < deadline else {
                throw .failed("the subscriber did not subscribe within \(timeoutMilliseconds) ms (log: \(log))")
            }
            MonotonicClock.sleep(milliseconds: 5)
        }
    }

    /// Stops it (SIGSTOP), as Ctrl-Z does.
    func suspend() {
        process.signal(SIGSTOP)
        suspended = true
    }

    /// Ends it (continued first if suspended) and reaps it.
    func stop() {
        if suspended { process.signal(SIGCONT) }
        suspended = false
        process.terminate(grace: .seconds(2))
    }

    /// The subscriber's side, in the child: subscribes to every event on `socket`, behaves, and
    /// subscribes again whenever the daemon closes the connection; runs until killed.
    static func serve(_ behaviour: Behaviour, socket: String) throws(BenchError) -> Never {
        let subscribe = Array((#"{"jsonrpc":"2.0","id":1,"method":"events.subscribe"}"# + "\n").utf8)
        let subscribed = Array("subscribed\n".utf8)
        var input = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let fd = try UnixSocket.connect(socket, retryMilliseconds: 1000)
            try UnixSocket.writeAll(fd, subscribe)
            if behaviour != .neverReads { _ = try UnixSocket.readLine(fd) }
            _ = subscribed.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            switch behaviour {
            case .reads:
                while input.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) != 0 {}
            case .pulses:
                pulses: while true {
                    while true {
                        let count = input.withUnsafeMutableBytes {
                            recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                        }
                        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { break pulses }
                        if count < 0 && errno == EAGAIN { break }
                    }
                    MonotonicClock.sleep(milliseconds: 970)
                }
            case .neverReads:
                // Only a hang-up is asked for: the daemon's close shows as POLLHUP, unread bytes or not.
                var entry = pollfd(fd: fd, events: 0, revents: 0)
                while poll(&entry, 1, 100) >= 0 && entry.revents & Int16(POLLHUP | POLLERR) == 0 {}
            }
            close(fd)
        }
    }
}

import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A subscriber to `window.phase` that keeps each window's phase, for timing how soon a
/// presenter's terminal reports focus. It reads the few members it needs from the lines as
/// text: the window object is the first `{"id":` of a `window.phase` line and of each window
/// of the snapshot.
final class PhaseSubscriber {
    private let fd: Int32
    private var lines = LineBuffer()
    /// Window id → phase, for attached windows.
    private(set) var phases: [String: String] = [:]
    /// Window id → value, for attached windows.
    private(set) var values: [String: Int] = [:]

    init(socket: String) throws(BenchError) {
        fd = try UnixSocket.connect(socket, retryMilliseconds: 5000)
        try UnixSocket.writeAll(
            fd,
            Array(
                #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"types":["window.phase"]}}"#.utf8 + [
                    0x0A
                ]
            )
        )
        apply(try line(timeoutMilliseconds: 10_000))
    }

    deinit { close(fd) }

    /// Waits until a presenter is attached for each of `values`; returns value → window id.
    func waitForPresenters(values wanted: [Int], timeoutMilliseconds: Int = 30_000) throws(BenchError) -> [Int: String]
    {
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            let found = Dictionary(values.map { ($0.value, $0.key) }, uniquingKeysWith: { $1 })
            if wanted.allSatisfy({ found[$0] != nil }) { return found.filter { wanted.contains($0.key) } }
            guard MonotonicClock.now() < deadline else {
                throw .failed("no presenters for detail \(wanted) within \(timeoutMilliseconds) ms")
            }
            apply(try line(timeoutMilliseconds: Int((deadline - MonotonicClock.now()) / 1_000_000) + 1))
        }
    }

    /// Reads events until window `id` is in `phase`.
    func waitFor(window id: String, phase: String, timeoutMilliseconds: Int = 30_000) throws(BenchError) {
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while phases[id] != phase {
            guard MonotonicClock.now() < deadline else {
                throw .failed("window \(id) did not become \(phase) within \(timeoutMilliseconds) ms")
            }
            apply(try line(timeoutMilliseconds: Int((deadline - MonotonicClock.now()) / 1_000_000) + 1))
        }
    }

    /// Takes the windows a line shows.
    private func apply(_ text: String) {
        for chunk in text.split(separator: #"{"id":""#).dropFirst() {
            guard let id = chunk.split(separator: "\"", maxSplits: 1).first.map(String.init) else { continue }
            let attached = chunk.contains(#""attached":true"#)
            if attached, let phase = Self.member(chunk, #""phase":""#, until: "\""),
                let value = Self.member(chunk, #""value":"#, until: ",").flatMap({ Int($0) })
            {
                phases[id] = phase
                values[id] = value
            } else {
                phases[id] = nil
                values[id] = nil
            }
        }
    }

    private static func member(_ chunk: Substring, _ name: String, until end: Character) -> String? {
        guard let start = chunk.firstRange(of: name)?.upperBound else { return nil }
        return String(chunk[start...].prefix { $0 != end })
    }

    /// The next line, waiting up to `timeoutMilliseconds`.
    private func line(timeoutMilliseconds: Int) throws(BenchError) -> String {
        let deadline = MonotonicClock.now() + UInt64(max(timeoutMilliseconds, 1)) * 1_000_000
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let line = lines.nextLine() { return String(decoding: line, as: UTF8.self) }
            guard MonotonicClock.now() < deadline else { throw .failed("no event within \(timeoutMilliseconds) ms") }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard count > 0 else { throw .failed("windowd closed the subscription") }
            lines.append(chunk[0..<count])
        }
    }
}

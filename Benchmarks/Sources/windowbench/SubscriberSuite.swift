import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// Item 8: ordinary clients beside one subscriber that does not keep up. Four connections, one
/// request in flight each, take turns at `window.focus` of a window whose value is large (each
/// focus is an event that repeats the window to every subscriber) and `window.open` of an
/// existing value; beside them no subscriber, or one that is stopped, reads in pulses, or never
/// reads. Each case runs against a fresh daemon, so its peak RSS (`VmHWM`) is its own.
///
/// A daemon meets the target when its ordinary clients' p99 stays within 2× of the case without a
/// subscriber and no request waits 100 ms: no client waits on another (windowd-protocol(7),
/// `max_outbound_bytes`).
struct SubscriberSuite {
    /// The release `windowd`.
    var windowd: String
    /// The bench's temporary directory.
    var directory: String
    /// Milliseconds measured per case (after 300 ms of load without the subscriber): several of a
    /// pulsing subscriber's pulses.
    var measureMilliseconds = 5000
    /// Bytes of the focused window's value.
    var valueBytes = 60_000
    /// The ordinary clients' shape.
    var connections = 4, depth = 1

    /// What the subscriber beside the ordinary clients does.
    enum Case: CaseIterable {
        /// No subscriber: the reference.
        case none
        /// Subscribed, read its snapshot, then stopped with SIGSTOP (a `winctl watch` suspended by Ctrl-Z).
        case stopped
        /// Reads everything it has, then pauses 0.97 s, again and again; subscribes again when dropped.
        case pulsing
        /// Never reads, not even its subscription's reply; subscribes again each time it is dropped.
        case neverReads

        var label: String {
            switch self {
            case .none: return "(a) no subscriber"
            case .stopped: return "(b) stopped (SIGSTOP)"
            case .pulsing: return "(c) pulsing (reads, pauses 0.97 s)"
            case .neverReads: return "(d) never reads, resubscribes"
            }
        }

        /// The subscriber process's behaviour (``SubscriberProcess``), none for `.none`.
        var behaviour: SubscriberProcess.Behaviour? {
            switch self {
            case .none: return nil
            case .stopped: return .reads
            case .pulsing: return .pulses
            case .neverReads: return .neverReads
            }
        }
    }

    /// One case's figures.
    struct Result {
        var subject: Case
        var outcome: ClosedLoopLoad.Outcome
        /// The daemon's `VmHWM` after the case, KiB.
        var peakKiB: Int
        /// Times the subscriber was disconnected by the daemon (nil: it cannot tell).
        var dropped: Int?
    }

    func run(progress: (String) -> Void) throws(BenchError) -> [Result] {
        try Case.allCases.map { subject throws(BenchError) in
            progress("8: ordinary clients beside \(subject.label)")
            return try measure(subject)
        }
    }

    private func measure(_ subject: Case) throws(BenchError) -> Result {
        let name = "subscriber-\(Case.allCases.firstIndex(of: subject)!)"
        let daemon = try WindowdInstance(binary: windowd, directory: directory, name: name)
        try daemon.start()
        defer { daemon.stop() }
        let window = try openWindow(daemon)
        var request = RequestBytes.alternating([
            #"{"jsonrpc":"2.0","id":1,"method":"window.focus","params":{"id":""# + window + "\"}}\n",
            WindowdSuite.openRequest + "42}}\n",
        ])
        // Warmed up before the subscriber comes, so that what it does falls in the measured time.
        var load = ClosedLoopLoad(connections: connections, depth: depth, framing: .lines)
        load.warmupMilliseconds = 0
        load.measureMilliseconds = 300
        _ = try load.run(path: daemon.socketPath, request: &request)
        var subscriber: SubscriberProcess?
        if let behaviour = subject.behaviour {
            subscriber = try SubscriberProcess(
                behaviour: behaviour,
                socket: daemon.socketPath,
                log: "\(directory)/\(name)-subscriber.log"
            )
            try subscriber!.awaitSubscriptions(1)
            if subject == .stopped { subscriber!.suspend() }
        }
        defer { subscriber?.stop() }
        load.measureMilliseconds = measureMilliseconds
        let outcome = try load.run(path: daemon.socketPath, request: &request)
        try WindowdSuite.check(outcome, "ordinary clients beside \(subject.label)")
        let peak = try daemon.residentKiB(peak: true)
        var dropped: Int?
        if let subscriber {
            MonotonicClock.sleep(milliseconds: 200)  // the ordinary clients' closes handled
            dropped =
                subject == .stopped
                ? (try connectedClients(daemon) == 0 ? 1 : 0) : max(subscriber.subscriptions() - 1, 0)
        }
        return Result(subject: subject, outcome: outcome, peakKiB: peak, dropped: dropped)
    }

    /// Opens the `notes` window of a `valueBytes` value and `detail 42`; returns the first one's id.
    private func openWindow(_ daemon: WindowdInstance) throws(BenchError) -> String {
        let fd = try UnixSocket.connect(daemon.socketPath)
        defer { close(fd) }
        let value = String(repeating: "v", count: valueBytes)
        let opened = try UnixSocket.call(
            fd,
            #"{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"notes","value":""# + value + "\"}}"
        )
        _ = try UnixSocket.call(fd, WindowdSuite.openRequest + "42}}")
        guard
            let id = opened.firstRange(of: #""window":{"#).flatMap({
                TextFile.value(after: #""id":""#, in: String(opened[$0.upperBound...]), until: "\"")
            })
        else { throw .failed("window.open did not return a window: \(opened.prefix(300))") }
        return id
    }

    /// Clients connected besides the one asking (`daemon.status`).
    private func connectedClients(_ daemon: WindowdInstance) throws(BenchError) -> Int {
        let fd = try UnixSocket.connect(daemon.socketPath)
        defer { close(fd) }
        let status = try UnixSocket.call(fd, #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#)
        guard
            let clients = TextFile.value(after: #""clients":"#, in: status, until: ",").flatMap({
                Int($0.filter(\.isNumber))
            })
        else { throw .failed("daemon.status has no clients: \(status)") }
        return clients - 1
    }
}

/// The table of ``SubscriberSuite``'s cases, each beside the case without a subscriber.
enum SubscriberTable {
    static func render(_ results: [SubscriberSuite.Result], suite: SubscriberSuite, command: String) -> String {
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            NumberText.pad(text, width, right: right)
        }
        var lines = [
            "",
            "8: ordinary clients beside a subscriber that does not keep up (\(command); \(suite.connections)×\(suite.depth),"
                + " window.focus of a \(NumberText.grouped(Double(suite.valueBytes)))-byte value and window.open of an existing one, "
                + "\(suite.measureMilliseconds / 1000) s per case)",
            pad("   subscriber", 40) + pad("req/s", 10, right: true) + pad("p50", 10, right: true)
                + pad("p99", 10, right: true) + pad("max", 10, right: true) + pad("peak RSS", 12, right: true)
                + pad("p99 ×(a)", 10, right: true) + pad("RSS ×(a)", 10, right: true) + pad("dropped", 9, right: true),
        ]
        let reference = results.first { $0.subject == .none }
        for result in results {
            let latency = result.outcome.latency
            func ratio(_ ours: Double, _ theirs: Double?) -> String {
                guard let theirs, theirs > 0 else { return "—" }
                return NumberText.fixed(ours / theirs, 2) + "×"
            }
            lines.append(
                pad("   " + result.subject.label, 40)
                    + pad(NumberText.grouped(result.outcome.requestsPerSecond), 10, right: true)
                    + pad(NumberText.duration(latency.p50), 10, right: true)
                    + pad(NumberText.duration(latency.p99), 10, right: true)
                    + pad(NumberText.duration(latency.max), 10, right: true)
                    + pad(NumberText.fixed(Double(result.peakKiB) / 1024, 1) + " MiB", 12, right: true)
                    + pad(ratio(Double(latency.p99), reference.map { Double($0.outcome.latency.p99) }), 10, right: true)
                    + pad(ratio(Double(result.peakKiB), reference.map { Double($0.peakKiB) }), 10, right: true)
                    + pad(result.dropped.map(String.init) ?? "—", 9, right: true)
            )
        }
        let failing = results.filter { result in
            guard let reference else { return false }
            return result.outcome.latency.p99 > 2 * reference.outcome.latency.p99
                || result.outcome.latency.max >= 100_000_000
        }
        lines.append(
            "   Target: p99 within 2× of (a), max under 100 ms. "
                + (failing.isEmpty
                    ? "Met." : "Missed by: " + failing.map(\.subject.label).joined(separator: ", ") + ".")
        )
        lines.append(
            "   Each case a fresh windowd; peak RSS: its VmHWM after the case. dropped: times the daemon disconnected the subscriber."
        )
        return lines.joined(separator: "\n") + "\n"
    }
}

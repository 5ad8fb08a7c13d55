#if canImport(Glibc)
import Glibc
#endif
import CSignalFD
import Foundation

/// The daemon's signals, read from a `signalfd` by a thread of its own, as async streams.
///
/// Not Dispatch signal sources (swift-service-lifecycle's `UnixSignalsSequence`): Dispatch runs
/// their handlers on its worker threads, and each new worker asks for a nice value with
/// `setpriority`, which the unit's `SystemCallFilter=~@resources` refuses; libdispatch then
/// logs "Failed to set thread priority for worker thread" to the journal. Here the signals are
/// blocked in every thread (``block()``, first thing in `main`, before any thread exists) and
/// only the descriptor receives them. Launched commands start with an empty signal mask.
public final class SignalReceiver: Sendable {
    /// What a signal asks of the daemon.
    public enum Request: Int, Sendable, CaseIterable {
        /// SIGTERM, SIGINT: a graceful stop.
        case stop
        /// SIGHUP: re-read the config.
        case reload
        /// SIGUSR2: exec the installed binary in place.
        case upgrade

        /// The signals that ask for it.
        public var signals: [Int32] {
            switch self {
            case .stop: return [SIGTERM, SIGINT]
            case .reload: return [SIGHUP]
            case .upgrade: return [SIGUSR2]
            }
        }
    }

    private let streams: [AsyncStream<Int32>]

    /// Blocks every signal a ``Request`` names in the calling thread, and so in every thread it
    /// starts later: until a receiver reads them, they wait.
    public static func block() {
        var set = Self.set()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts reading the blocked signals; `nil` with `errno` if the `signalfd` cannot be made.
    public init?() {
        var set = Self.set()
        let fd = signalfd(-1, &set, Int32(SFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        var streams: [AsyncStream<Int32>] = []
        var continuations: [AsyncStream<Int32>.Continuation] = []
        for _ in Request.allCases {
            let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
            streams.append(stream)
            continuations.append(continuation)
        }
        self.streams = streams
        let routes = continuations
        let reader = Thread {
            var info = signalfd_siginfo()
            while true {
                let count = read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
                if count < 0 && errno == EINTR { continue }
                guard count == MemoryLayout<signalfd_siginfo>.size else { break }
                let signal = Int32(info.ssi_signo)
                if let request = Request.allCases.first(where: { $0.signals.contains(signal) }) {
                    routes[request.rawValue].yield(signal)
                }
            }
            routes.forEach { $0.finish() }
        }
        reader.name = "windowd-signals"
        reader.start()
    }

    /// The signals that ask for `request`, as they come. One reader each.
    public func signals(_ request: Request) -> AsyncStream<Int32> {
        streams[request.rawValue]
    }

    private static func set() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Request.allCases.flatMap(\.signals) { sigaddset(&set, signal) }
        return set
    }
}

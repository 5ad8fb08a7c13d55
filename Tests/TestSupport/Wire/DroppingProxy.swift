import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A socket in front of a daemon's: each connection accepted is relayed byte for byte to a new
/// connection to the daemon, until ``drop(pausing:)`` closes them all, as the daemon closes a
/// subscriber it drops while it stays up. A client given ``path`` as its socket then connects
/// again, to the same daemon.
package final class DroppingProxy: Sendable {
    /// Where clients connect.
    package let path: String
    private let listener: Int32
    private let state = State()

    private final class State: Sendable {
        /// Each relayed connection's two descriptors (client side, daemon side), by a number.
        let pairs = Mutex<[Int: (Int32, Int32)]>([:])
        let accepted = Atomic<Int>(0)
        /// Until when a connection accepted waits before it is relayed (µs of the monotonic clock).
        let pausedUntil = Atomic<Int>(0)
    }

    /// Listens at `path` and relays to the daemon at `daemon`.
    package init(path: String, daemon: String) throws {
        self.path = path
        let listener = try listeningUnixSocket(at: path)
        self.listener = listener
        let state = state
        Thread.detachNewThread {
            defer { close(listener) }
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                while Self.now() < state.pausedUntil.load(ordering: .acquiring) { usleep(5_000) }
                guard case .success(let upstream) = UnixSocketConnection.connect(to: daemon) else {
                    close(client)
                    continue
                }
                let number = state.accepted.add(1, ordering: .relaxed).newValue
                state.pairs.withLock { $0[number] = (client, upstream) }
                Thread.detachNewThread { Self.relay(client, upstream, number, state) }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        drop()
    }

    /// How many connections were relayed so far.
    package var connections: Int { state.accepted.load(ordering: .relaxed) }

    /// Closes every connection relayed now; connections accepted in the next `pausing` wait
    /// that long before they are relayed (their connect succeeds, their first request waits).
    package func drop(pausing: Duration = .zero) {
        let (seconds, attoseconds) = pausing.components
        state.pausedUntil.store(
            Self.now() + Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000),
            ordering: .releasing
        )
        state.pairs.withLock { pairs in
            for (client, upstream) in pairs.values {
                shutdown(client, Int32(SHUT_RDWR))
                shutdown(upstream, Int32(SHUT_RDWR))
            }
        }
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000 + time.tv_nsec / 1_000
    }

    /// Copies each side's bytes to the other until either ends, then closes both.
    private static func relay(_ client: Int32, _ upstream: Int32, _ number: Int, _ state: State) {
        var fds = [
            pollfd(fd: client, events: Int16(POLLIN), revents: 0),
            pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        relaying: while poll(&fds, 2, -1) >= 0 || errno == EINTR {
            for (from, to) in [(0, upstream), (1, client)] where fds[from].revents != 0 {
                let count = read(fds[from].fd, &buffer, buffer.count)
                guard count > 0 else { break relaying }
                var sent = 0
                while sent < count {
                    let written = buffer[sent..<count].withUnsafeBytes {
                        send(to, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    guard written > 0 else { break relaying }
                    sent += written
                }
            }
        }
        state.pairs.withLock { _ = $0.removeValue(forKey: number) }
        close(client)
        close(upstream)
    }
}

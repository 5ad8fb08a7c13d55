import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket that accepts and then answers one byte (`{`) every `interval`, never a whole
/// line nor a whole i3, kitty or X11 reply: a daemon or a place whose reply trickles in without end.
package final class TricklingListener: Sendable {
    package let path: String
    private let fileDescriptor: Int32
    private let state = State()

    /// What the connections' thread and the listener share (the thread holds this, not the listener).
    private final class State: Sendable {
        let closes = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }

    /// Binds and listens at `path`; each connection accepted gets a byte every `interval` until
    /// the other side closes it, or, with `giveUp` (a hang guard), until that much has passed.
    package init(path: String, interval: Duration = .milliseconds(500), giveUp: Duration? = nil) throws {
        self.path = path
        let fd = try listeningUnixSocket(at: path)
        fileDescriptor = fd
        let microseconds = UInt32(
            interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000
        )
        let state = state
        Thread.detachNewThread {
            // Ends when the listener is released (its socket shut down, so accept fails); closes
            // the socket itself then, so that no later socket with its number is accepted from.
            defer { close(fd) }
            while !state.stopped.load(ordering: .relaxed) {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                let end = giveUp.map { ContinuousClock.now.advanced(by: $0) }
                var brace = UInt8(ascii: "{")
                repeat {
                    usleep(microseconds)
                    if state.stopped.load(ordering: .relaxed) || end.map({ ContinuousClock.now >= $0 }) == true {
                        break
                    }
                    guard send(client, &brace, 1, Int32(MSG_NOSIGNAL)) == 1 else {
                        state.closes.add(1, ordering: .relaxed)
                        break
                    }
                } while true
                close(client)
            }
        }
    }

    /// How many connections the other side closed (a byte could not be sent), not counting those
    /// the hang guard ended.
    package var closedByClients: Int { state.closes.load(ordering: .relaxed) }

    deinit {
        state.stopped.store(true, ordering: .relaxed)
        shutdown(fileDescriptor, Int32(SHUT_RDWR))
        unlink(path)
    }
}

import Foundation
import POSIXSupport
import TestSupport
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket that accepts and then answers one byte (`{`) every `interval`, never a whole
/// line: a daemon whose reply trickles in without end.
final class TricklingListener {
    let path: String
    private let fileDescriptor: Int32

    /// Binds and listens at `path`; each connection accepted gets a byte every `interval` until it closes.
    init(path: String, interval: Duration = .milliseconds(500)) throws {
        self.path = path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestFailure.system("socket") }
        guard UnixSocketConnection.withAddress(of: path, { bind(fd, $0, $1) }) == 0 else {
            throw TestFailure.system("bind \(path)")
        }
        guard listen(fd, 8) == 0 else { throw TestFailure.system("listen \(path)") }
        fileDescriptor = fd
        let microseconds = UInt32(
            interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000
        )
        Thread.detachNewThread {
            // Ends when the listening socket is shut down (accept fails).
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                var brace = UInt8(ascii: "{")
                repeat { usleep(microseconds) } while send(client, &brace, 1, Int32(MSG_NOSIGNAL)) == 1
                close(client)
            }
        }
    }

    deinit {
        shutdown(fileDescriptor, Int32(SHUT_RDWR))
        close(fileDescriptor)
        unlink(path)
    }
}

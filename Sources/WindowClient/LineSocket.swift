import Glibc
import POSIXSupport
import WindowProtocol

/// A blocking stream Unix socket that reads and writes newline-terminated lines.
///
/// Deliberately plain POSIX: `winctl` is called from scripts in loops, and a
/// one-shot client should cost a connect, a write and a read, not an event loop.
///
/// With a `timeout`, nothing waits longer than that for the daemon: a connect to a socket
/// whose backlog is full and a write it does not read end after it (`SO_SNDTIMEO`), and
/// ``readLine(until:)`` ends at its deadline. Both throw ``ClientError/timedOut(path:limit:)``.
public final class LineSocket {
    /// The socket's file descriptor, for `poll`.
    public let fileDescriptor: Int32
    /// The path connected to.
    public let path: String
    /// How long a connect, a write or a bounded read may wait; `nil` waits as long as it takes.
    public let timeout: Duration?
    /// The lines received and not yet read.
    private var lines = LineBuffer()
    /// One read's worth of space, reused.
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// Connects to the stream socket at `path`, waiting at most `timeout` when given.
    public init(path: String, timeout: Duration? = nil) throws(ClientError) {
        self.path = path
        self.timeout = timeout
        switch UnixSocketConnection.connect(to: path, sendTimeout: timeout) {
        case .success(let fd):
            fileDescriptor = fd
        case .failure(let error):
            if let timeout, error.errno == EAGAIN || error.errno == EWOULDBLOCK || error.errno == EINPROGRESS {
                throw .timedOut(path: path, limit: timeout)
            }
            throw .unreachable(path: path, errno: error.errno)
        }
    }

    deinit { close(fileDescriptor) }

    /// Writes `line` and a newline, all of it.
    public func writeLine(_ line: [UInt8]) throws(ClientError) {
        var bytes = line
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                send(fileDescriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if let timeout, errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut(path: path, limit: timeout) }
                throw .disconnected(path: path)
            }
            offset += written
        }
    }

    /// Reads the next line without its newline, waiting as long as it takes; `nil` at end of stream.
    public func readLine() throws(ClientError) -> [UInt8]? {
        try readLine(until: nil)
    }

    /// Reads the next line without its newline; `nil` at end of stream. With a `deadline`,
    /// throws ``ClientError/timedOut(path:limit:)`` if the line has not come by then, unless it is
    /// still flowing: a period in which at least ``flowingBytes`` came earns one more ``timeout``,
    /// so a 20 MB window list is not cut, while a daemon that trickles a byte now and then
    /// cannot hold the caller past the deadline.
    public func readLine(until deadline: ContinuousClock.Instant?) throws(ClientError) -> [UInt8]? {
        var deadline = deadline
        var received = 0
        while true {
            if let line = lines.nextLine() { return line }
            if let current = deadline, try !waitReadable(until: current) {
                guard received >= Self.flowingBytes, let timeout else {
                    throw .timedOut(path: path, limit: timeout ?? .zero)
                }
                deadline = current + timeout
                received = 0
                continue
            }
            let count = try receive()
            if count == 0 { return nil }
            received += count
        }
    }

    /// What must arrive within one ``timeout`` for an answer still coming to be waited for longer.
    public static let flowingBytes = 65_536

    /// Receives what has come (one read) into ``lines``; 0 at end of stream.
    private func receive() throws(ClientError) -> Int {
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress!, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .disconnected(path: path)
            }
            chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            return count
        }
    }

    /// Waits until the socket can be read (`true`), or until `deadline` (`false`).
    private func waitReadable(until deadline: ContinuousClock.Instant) throws(ClientError) -> Bool {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(milliseconds, Int64(Int32.max))))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { throw .disconnected(path: path) }
        }
    }
}

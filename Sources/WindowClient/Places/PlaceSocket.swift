import Glibc
import POSIXSupport

/// A blocking connection to a place's program (kitty, i3, sway, niri, an X server) with a
/// deadline on every reply, so that a hung program never holds up a presenter: each
/// ``receive(until:)`` ends within `timeout` of its start, and all of them by `deadline` if
/// one is given, however the program trickles its bytes.
///
/// A class: as a `~Copyable` struct holding the deadline, its `deinit` was skipped when a
/// request threw (Swift 6.3.1), and the descriptor stayed open.
final class PlaceSocket {
    private var fd: Int32
    private let timeout: Duration
    private let deadline: ContinuousClock.Instant?

    /// Connects to `address`: a path, or `@name` for a Linux abstract socket (kitty's `unix:@…`);
    /// throws without connecting if `deadline` has passed.
    init(
        address: String,
        timeout: Duration,
        until deadline: ContinuousClock.Instant? = nil
    )
        throws(PlaceSocketFailure)
    {
        let limit = Self.limit(by: ContinuousClock.now.advanced(by: timeout), deadline)
        guard limit > .zero else { throw PlaceSocketFailure(description: "\(address): no time left to ask") }
        let abstract = address.hasPrefix("@")
        switch UnixSocketConnection.connect(to: abstract ? String(address.dropFirst()) : address, abstract: abstract) {
        case .success(let fd): self.fd = fd
        case .failure(let error):
            throw PlaceSocketFailure(description: "\(address): \(String(cString: strerror(error.errno)))")
        }
        self.timeout = timeout
        self.deadline = deadline
        Self.setLimit(limit, SO_SNDTIMEO, on: fd)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The process at the other end, as the kernel says (`SO_PEERCRED`: pid, uid, gid).
    var peerPID: Int32? {
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 ? credentials.pid : nil
    }

    /// The descriptor, now the caller's to read and close.
    func release() -> Int32 {
        let fd = self.fd
        self.fd = -1
        return fd
    }

    /// Writes all of `bytes`.
    func send(_ bytes: [UInt8]) throws(PlaceSocketFailure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw PlaceSocketFailure(description: "write: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// Reads until `complete` says the bytes so far hold a whole reply; the bytes.
    func receive(until complete: ([UInt8]) -> Bool) throws(PlaceSocketFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let end = ContinuousClock.now.advanced(by: timeout)
        while !complete(bytes) {
            // What is left, for each read: a program that sends a byte now and then is no longer waited for.
            let limit = Self.limit(by: end, deadline)
            guard limit > .zero else { throw PlaceSocketFailure(description: "no reply in time") }
            Self.setLimit(limit, SO_RCVTIMEO, on: fd)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw PlaceSocketFailure(description: "no reply in time")
            }
            guard count > 0 else {
                throw PlaceSocketFailure(
                    description: count == 0 ? "closed before replying" : "read: \(String(cString: strerror(errno)))"
                )
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}

extension PlaceSocket {
    /// The time left until `end`, or until `deadline` if that comes first; at least a
    /// microsecond while any is left (a zero `timeval` would mean no limit at all).
    fileprivate static func limit(
        by end: ContinuousClock.Instant,
        _ deadline: ContinuousClock.Instant?
    )
        -> Duration
    {
        let now = ContinuousClock.now
        let left = now.duration(to: min(end, deadline ?? end))
        return left > .zero ? max(left, .microseconds(1)) : .zero
    }

    /// Sets the socket option `option` (`SO_RCVTIMEO`, `SO_SNDTIMEO`) of `fd` to `limit`.
    fileprivate static func setLimit(_ limit: Duration, _ option: Int32, on fd: Int32) {
        let (seconds, attoseconds) = limit.components
        // Never zero (no limit at all): `limit` keeps at least a microsecond while any time is left.
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }
}

/// Why a conversation with a place's program failed, in words for a log line.
public struct PlaceSocketFailure: Error, CustomStringConvertible {
    /// What failed: the address and the error, or the program's refusal.
    public var description: String

    /// A failure described by `description`.
    public init(description: String) { self.description = description }
}

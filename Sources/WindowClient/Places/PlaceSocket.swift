import POSIXSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A blocking connection to a place's program (kitty, i3, sway, niri) with a deadline on every
/// read and write, so that a hung program never holds up a presenter.
struct PlaceSocket: ~Copyable {
    private let fd: Int32

    /// Connects to `address`: a path, or `@name` for a Linux abstract socket (kitty's `unix:@…`).
    init(address: String, timeout: Duration) throws(PlaceSocketFailure) {
        let abstract = address.hasPrefix("@")
        switch UnixSocketConnection.connect(to: abstract ? String(address.dropFirst()) : address, abstract: abstract) {
        case .success(let fd): self.fd = fd
        case .failure(let error):
            throw PlaceSocketFailure(description: "\(address): \(String(cString: strerror(error.errno)))")
        }
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// The descriptor, now the caller's to read and close.
    consuming func release() -> Int32 {
        let fd = self.fd
        discard self
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
        while !complete(bytes) {
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

/// Why a conversation with a place's program failed, in words for a log line.
public struct PlaceSocketFailure: Error, CustomStringConvertible {
    /// What failed: the address and the error, or the program's refusal.
    public var description: String

    /// A failure described by `description`.
    public init(description: String) { self.description = description }
}

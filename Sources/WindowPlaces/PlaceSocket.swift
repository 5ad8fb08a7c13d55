#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowProtocol

/// A blocking connection to a place's program (kitty, i3, sway, niri) with a deadline on every
/// read and write, so that a hung program never holds up a presenter.
struct PlaceSocket: ~Copyable {
    private let fd: Int32

    /// Connects to `address`: a path, or `@name` for a Linux abstract socket (kitty's `unix:@…`).
    init(address: String, timeout: Duration) throws(PlaceSocketFailure) {
        if address.hasPrefix("@") {
            fd = try PlaceSocket.connectAbstract(String(address.dropFirst()))
        } else {
            switch UnixSocketConnection.connect(to: address) {
            case .success(let fd): self.fd = fd
            case .failure(let error): throw PlaceSocketFailure(description: "\(address): \(String(cString: strerror(error.errno)))")
            }
        }
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Writes all of `bytes`.
    func send(_ bytes: [UInt8]) throws(PlaceSocketFailure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
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
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw PlaceSocketFailure(description: "no reply in time") }
            guard count > 0 else { throw PlaceSocketFailure(description: count == 0 ? "closed before replying" : "read: \(String(cString: strerror(errno)))") }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    private static func connectAbstract(_ name: String) throws(PlaceSocketFailure) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw PlaceSocketFailure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        guard bytes.count + 1 < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw PlaceSocketFailure(description: "@\(name): name too long")
        }
        // An abstract name: a NUL, then the name, its length given by the address size.
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw[0] = 0
            for (index, byte) in bytes.enumerated() { raw[index + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw PlaceSocketFailure(description: "@\(name): \(String(cString: strerror(error)))")
        }
        return fd
    }
}

/// Why a conversation with a place's program failed, in words for a log line.
public struct PlaceSocketFailure: Error, CustomStringConvertible {
    /// What failed: the address and the error, or the program's refusal.
    public var description: String

    /// A failure described by `description`.
    public init(description: String) { self.description = description }
}

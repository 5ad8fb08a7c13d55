#if canImport(Glibc)
import Glibc
#endif

/// The service manager's end of `NOTIFY_SOCKET`: a bound datagram socket that sees `READY=1`.
final class NotifySocket {
    /// The path to put in `NOTIFY_SOCKET`.
    let path: String
    private let fd: Int32

    init(path: String) throws(BenchError) {
        self.path = path
        unlink(path)
        fd = try UnixSocket.bindDatagram(path)
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// Waits for a datagram holding `READY=1`; returns the monotonic time it arrived, nil at the deadline.
    func waitForReady(timeoutMilliseconds: Int) -> UInt64? {
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { return nil }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32((deadline - now) / 1_000_000) + 1)
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            let arrived = MonotonicClock.now()
            guard count > 0 else { continue }
            let text = String(decoding: buffer[0..<count], as: UTF8.self)
            if text.split(separator: "\n").contains("READY=1") { return arrived }
        }
    }
}

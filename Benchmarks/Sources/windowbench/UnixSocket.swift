import POSIXSupport
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Plain POSIX stream and datagram sockets on filesystem paths: no event loop, no Foundation.
enum UnixSocket {
    /// Connects a stream socket to `path`; retries for `retryMilliseconds` while nobody listens yet.
    static func connect(_ path: String, retryMilliseconds: Int = 0) throws(BenchError) -> Int32 {
        let deadline = MonotonicClock.now() + UInt64(retryMilliseconds) * 1_000_000
        while true {
            let error: Int32
            switch UnixSocketConnection.connect(to: path) {
            case .success(let fd): return fd
            case .failure(let failure): error = failure.errno
            }
            if MonotonicClock.now() >= deadline || (error != ENOENT && error != ECONNREFUSED && error != EAGAIN) {
                throw .system("connect \(path)", error)
            }
            MonotonicClock.sleep(milliseconds: 5)
        }
    }

    /// Binds a datagram socket to `path` (the service manager's end of `NOTIFY_SOCKET`).
    static func bindDatagram(_ path: String) throws(BenchError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errno) }
        guard let result = UnixSocketConnection.withAddress(of: path, { bind(fd, $0, $1) }) else {
            close(fd)
            throw .failed("socket path \(path) is too long for sun_path")
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw .system("bind \(path)", error)
        }
        return fd
    }

    /// Writes all of `bytes`, blocking.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(BenchError) {
        var offset = 0
        while offset < bytes.count {
            let written = send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .system("send", errno)
            }
            offset += written
        }
    }

    /// Writes all of `bytes`, blocking.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(BenchError) {
        let failure: BenchError? = bytes.withUnsafeBytes { raw in
            do throws(BenchError) {
                try writeAll(fd, raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Raises the open-file limit to its hard limit: a thousand connections need a thousand descriptors.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

extension UnixSocket {
    /// Reads until a newline and returns the first line (bytes after it are dropped).
    static func readLine(_ fd: Int32, timeoutMilliseconds: Int = 10_000) throws(BenchError) -> [UInt8] {
        var lines = LineBuffer()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = MonotonicClock.now() + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard MonotonicClock.now() < deadline else { throw .failed("no reply within \(timeoutMilliseconds) ms") }
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard count > 0 else { throw .failed("the server closed the connection before replying") }
            lines.append(chunk[0..<count])
            if let line = lines.nextLine() { return line }
        }
    }

    /// Sends one request line and returns the reply line as text.
    static func call(_ fd: Int32, _ request: String) throws(BenchError) -> String {
        try writeAll(fd, Array((request + "\n").utf8))
        return String(decoding: try readLine(fd), as: UTF8.self)
    }
}

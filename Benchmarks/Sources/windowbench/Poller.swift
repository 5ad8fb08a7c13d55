#if canImport(Glibc)
import Glibc
#endif

/// Readiness for many descriptors from one thread, with `poll(2)` (Glibc's Swift module has
/// no epoll): the descriptor's index is its token.
final class Poller {
    private var entries: [pollfd] = []
    private var tokens: [Int] = []

    init(capacity: Int = 1024) throws(BenchError) {
        entries.reserveCapacity(capacity)
        tokens.reserveCapacity(capacity)
    }

    /// Watches `fd` for input; `token` comes back from ``wait(timeoutMilliseconds:_:)``.
    func add(_ fd: Int32, token: Int) throws(BenchError) {
        entries.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        tokens.append(token)
    }

    /// Waits for input; calls `ready` with the token of every readable (or hung-up) descriptor.
    @discardableResult
    func wait(timeoutMilliseconds: Int32, _ ready: (Int) throws(BenchError) -> Void) throws(BenchError) -> Int {
        let count = entries.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMilliseconds)
        }
        if count < 0 {
            if errno == EINTR { return 0 }
            throw .system("poll", errno)
        }
        var left = Int(count)
        var index = 0
        while left > 0 && index < entries.count {
            if entries[index].revents != 0 {
                left -= 1
                try ready(tokens[index])
            }
            index += 1
        }
        return Int(count)
    }
}

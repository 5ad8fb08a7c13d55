import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs test code in a forked child so it can change the environment and fds 3, 4, … freely.
///
/// All test targets share one test process, and other tests run in parallel:
/// fd 3 there is already taken (libdispatch's epoll fd), and `setenv` would
/// leak `NOTIFY_SOCKET` or `LISTEN_FDS` into processes other tests spawn. The
/// child has only the forking thread; it runs `body`, hands back its text
/// through a socket pair and exits with `_exit`, so no state leaks back. The body
/// should stick to plain calls (no async, no `#expect`): assert in the parent.
enum ChildProcess {
    /// The outcome of a child that did not report normally.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Stretches the limit under a sanitizer (`make test-sanitize` sets `WINDOWD_TEST_TIME_SCALE`).
    static let timeScale: Int64 =
        getenv("WINDOWD_TEST_TIME_SCALE").flatMap { Int64(String(cString: $0)) }.map { max($0, 1) } ?? 1

    /// Forks, runs `body` in the child, and returns what it returned; kills the child after `timeout`.
    static func run(timeout: Duration = .seconds(10) * timeScale, _ body: () -> String) throws -> String {
        var ends: [Int32] = [-1, -1]
        // A socket pair, because it can be made close-on-exec atomically (pipe2 is not imported):
        // a process another test spawns meanwhile must not inherit the writing end.
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw TestFailure.system("socketpair") }
        let (reader, writer) = (ends[0], ends[1])

        let pid = fork()
        guard pid >= 0 else { throw TestFailure.system("fork") }
        if pid == 0 {
            // Child. Keep the socket out of the way of fds the body may take over.
            let output = fcntl(writer, F_DUPFD_CLOEXEC, 200)
            close(writer)
            close(reader)
            let text = body()
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
                if written <= 0 { _exit(3) }
                bytes = bytes.dropFirst(written)
            }
            _exit(0)
        }

        close(writer)
        defer { close(reader) }
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let remaining = deadline - ContinuousClock.now
            let milliseconds = max(
                0,
                Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            )
            var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, milliseconds) <= 0 {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                throw Failure(description: "child \(pid) did not finish within \(timeout)")
            }
            let count = read(reader, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "child \(pid) ended with wait status \(status)")
        }
        return String(decoding: received, as: UTF8.self)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Reads newline-terminated lines from a socket or pipe, each wait bounded by a deadline.
final class LineReader {
    let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    /// Whether the other end has closed (or reset) the stream.
    private(set) var atEnd = false
    /// Whether the end was a reset (`ECONNRESET`) rather than an orderly close.
    private(set) var wasReset = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether a whole line is already buffered.
    var hasBufferedLine: Bool { buffer.contains(0x0A) }

    /// The next line without its newline; `nil` at the end of the stream. Throws naming `what` at the deadline.
    func readLine(timeout: Duration, what: @autoclosure () -> String) throws -> [UInt8]? {
        let deadline = Deadline(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return buffer
            }
            guard try fill(deadline: deadline) else {
                throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())")
            }
        }
    }

    /// Reads whatever arrives until the end of the stream; returns the number of bytes. Throws at the deadline.
    func drainToEnd(timeout: Duration, what: @autoclosure () -> String) throws -> [UInt8] {
        let deadline = Deadline(timeout)
        while !atEnd {
            guard try fill(deadline: deadline) else {
                throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())")
            }
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads both streams at once until both have ended, so that neither writer blocks on a full buffer.
    static func drainBoth(_ first: LineReader, _ second: LineReader, timeout: Duration, what: @autoclosure () -> String) throws -> ([UInt8], [UInt8]) {
        let deadline = Deadline(timeout)
        while !first.atEnd || !second.atEnd {
            let open = [first, second].filter { !$0.atEnd }
            var descriptors = open.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), deadline.remainingMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TestFailure.system("poll")
            }
            if ready == 0 { throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())") }
            for (reader, descriptor) in zip(open, descriptors) where descriptor.revents != 0 {
                _ = try reader.fill(deadline: Deadline(.zero))
            }
        }
        defer {
            first.buffer.removeAll()
            second.buffer.removeAll()
        }
        return (first.buffer, second.buffer)
    }

    /// Waits for bytes until the deadline and appends them; false if none came in time.
    private func fill(deadline: Deadline) throws -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
        if ready < 0 {
            if errno == EINTR { return true }
            throw TestFailure.system("poll")
        }
        if ready == 0 { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(fileDescriptor, &chunk, chunk.count)
        if count < 0 {
            switch errno {
            case EINTR, EAGAIN: return true
            case ECONNRESET:
                atEnd = true
                wasReset = true
                return true
            default: throw TestFailure.system("read")
            }
        }
        if count == 0 {
            atEnd = true
        } else {
            buffer += chunk[..<count]
        }
        return true
    }
}

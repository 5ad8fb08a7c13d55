import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Reads newline-terminated lines from a socket or pipe, each wait bounded by a deadline: the
/// project's ``LineBuffer`` over `poll` and `read`.
package final class LineReader {
    package let fileDescriptor: Int32
    /// What has been read and not yet taken.
    private var lines = LineBuffer()
    /// One read's worth of space, reused: small for the many short-lived clients, doubled up to
    /// 256 KiB while reads fill it (a 20 MB reply).
    private var chunk = [UInt8](repeating: 0, count: 4_096)
    /// Whether the other end has closed (or reset) the stream.
    package private(set) var atEnd = false
    /// Whether the end was a reset (`ECONNRESET`) rather than an orderly close.
    package private(set) var wasReset = false

    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether a whole line is already buffered.
    package var hasBufferedLine: Bool { lines.hasLine }

    /// The next line without its newline; `nil` at the end of the stream. Throws naming `what` at the deadline.
    package func readLine(timeout: Duration, what: @autoclosure () -> String) throws -> [UInt8]? {
        let deadline = Deadline(timeout)
        while true {
            if let line = lines.nextLine() { return line }
            if atEnd { return takeRest() }
            guard try fill(deadline: deadline) else {
                throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())")
            }
        }
    }

    /// The next line if one is buffered or can be read without waiting; `nil` if none is complete yet
    /// (or the stream ended: see ``atEnd``).
    package func readLineIfReady() throws -> [UInt8]? {
        if let line = lines.nextLine() { return line }
        if atEnd { return takeRest() }
        guard try fill(deadline: Deadline(.zero)) else { return nil }
        if let line = lines.nextLine() { return line }
        return atEnd ? takeRest() : nil
    }

    /// What is left after the last newline, once the stream has ended.
    private func takeRest() -> [UInt8]? {
        let rest = lines.takeRest()
        return rest.isEmpty ? nil : rest
    }

    /// Reads whatever arrives until the end of the stream; returns the number of bytes. Throws at the deadline.
    package func drainToEnd(timeout: Duration, what: @autoclosure () -> String) throws -> [UInt8] {
        let deadline = Deadline(timeout)
        while !atEnd {
            guard try fill(deadline: deadline) else {
                throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())")
            }
        }
        return lines.takeRest()
    }

    /// Reads both streams at once until both have ended, so that neither writer blocks on a full buffer.
    package static func drainBoth(
        _ first: LineReader,
        _ second: LineReader,
        timeout: Duration,
        what: @autoclosure () -> String
    ) throws -> ([UInt8], [UInt8]) {
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
        return (first.lines.takeRest(), second.lines.takeRest())
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
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
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
            chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            if count == chunk.count, chunk.count < 262_144 { chunk = [UInt8](repeating: 0, count: chunk.count * 2) }
        }
        return true
    }
}

import POSIXSupport
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Plays the service manager's side of `NOTIFY_SOCKET`: a bound `AF_UNIX` datagram
/// socket that receives what the daemon sends through `sd_notify`, in order.
package final class NotifyListener {
    /// One notification: the datagram's text and the assignments in it.
    package struct Message: CustomStringConvertible {
        /// The datagram as sent: newline-separated `KEY=value` assignments.
        package let text: String
        /// When the datagram was read.
        package let receivedAt: ContinuousClock.Instant

        /// The value of `key`, if the datagram assigns it.
        package subscript(key: String) -> String? {
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                guard let equals = line.firstIndex(of: "="), line[..<equals] == key else { continue }
                return String(line[line.index(after: equals)...])
            }
            return nil
        }

        /// Whether the datagram is the watchdog's keep-alive and nothing else.
        package var isWatchdogPing: Bool { text == "WATCHDOG=1" }

        /// The datagram on one line, each newline shown as ` | `.
        package var description: String { text.split(separator: "\n").joined(separator: " | ") }
    }

    /// The socket's path: what `NOTIFY_SOCKET` is set to.
    package let path: String
    private let socketDescriptor: Int32
    /// Every message read so far, in order.
    package private(set) var received: [Message] = []
    /// The directory ``init()`` made for this listener alone, removed after it.
    private let ownDirectory: TemporaryDirectory?

    /// Binds `directory/notify`; the directory should be short, as `sun_path` holds 107 bytes.
    package convenience init(directory: String) throws {
        try self.init(directory: directory, owning: nil)
    }

    /// Binds `notify` in a short temporary directory of its own, removed with the listener.
    package convenience init() throws {
        let directory = try TemporaryDirectory("sdt")
        try self.init(directory: directory.path, owning: directory)
    }

    private init(directory: String, owning: TemporaryDirectory?) throws {
        ownDirectory = owning
        path = directory + "/notify"
        socketDescriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw TestFailure.system("socket") }
        let bound = UnixSocketConnection.withAddress(of: path) { bind(socketDescriptor, $0, $1) }
        guard bound == 0 else {
            let failure = TestFailure.system("bind \(path)")
            close(socketDescriptor)
            throw failure
        }
    }

    deinit {
        close(socketDescriptor)
        unlink(path)
    }

    /// The text of the datagrams ``fillQueue()`` sends: `X_FILLER=` and a number.
    package static let fillerKey = "X_FILLER"

    /// Plays a manager that stopped reading: sends datagrams to its own socket until the kernel
    /// queue is full (`net.unix.max_dgram_qlen`), so that the next `sd_notify` blocks.
    ///
    /// - Returns: how many datagrams the queue took; they are the first that ``next(timeout:)`` reads.
    package func fillQueue() throws -> Int {
        let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard sender >= 0 else { throw TestFailure.system("socket") }
        defer { close(sender) }
        var count = 0
        while true {
            let text = Array("\(Self.fillerKey)=\(count)".utf8)
            let sent =
                UnixSocketConnection.withAddress(of: path) { address, length in
                    sendto(sender, text, text.count, Int32(MSG_DONTWAIT), address, length)
                } ?? -1
            if sent < 0 {
                if errno == EAGAIN { return count }
                throw TestFailure.system("sendto \(path)")
            }
            count += 1
        }
    }

    /// The next datagram, or `nil` if none arrives before `timeout`.
    package func next(timeout: Duration) throws -> Message? {
        let deadline = Deadline(timeout)
        while true {
            var descriptor = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TestFailure.system("poll on \(path)")
            }
            if ready == 0 { return nil }
            var buffer = [UInt8](repeating: 0, count: 8_192)
            let count = recv(socketDescriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw TestFailure.system("recv on \(path)")
            }
            let message = Message(text: String(decoding: buffer[..<count], as: UTF8.self), receivedAt: .now)
            received.append(message)
            return message
        }
    }

    /// Reads until a message that satisfies `matching`, skipping watchdog pings; throws naming
    /// `what` and listing what did arrive if none comes within `timeout`.
    ///
    /// - Returns: the matching message and the others (pings excluded) read on the way.
    @discardableResult
    package func waitFor(
        _ what: String,
        timeout: Duration = .seconds(10),
        matching: (Message) -> Bool
    ) throws -> (message: Message, skipped: [Message]) {
        let deadline = Deadline(timeout)
        var skipped: [Message] = []
        while let message = try next(timeout: .milliseconds(Int64(deadline.remainingMilliseconds))) {
            if matching(message) { return (message, skipped) }
            if !message.isWatchdogPing { skipped.append(message) }
            if deadline.hasPassed { break }
        }
        let seen = skipped.isEmpty ? "nothing else" : skipped.map { "'\($0)'" }.joined(separator: ", ")
        throw TestFailure("timed out after \(timeout) waiting for \(what) on NOTIFY_SOCKET; received \(seen)")
    }

    /// Everything that arrives within `duration`, watchdog pings excluded.
    package func collect(for duration: Duration) throws -> [Message] {
        let deadline = Deadline(duration)
        var messages: [Message] = []
        while !deadline.hasPassed, let message = try next(timeout: .milliseconds(Int64(deadline.remainingMilliseconds)))
        {
            if !message.isWatchdogPing { messages.append(message) }
        }
        return messages
    }
}

import SystemdSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIXSupport

/// Plays the service manager's side of `NOTIFY_SOCKET`: a bound `AF_UNIX` datagram socket.
final class NotifyListener {
    let directory: String
    let path: String
    private let socketDescriptor: Int32

    init() throws {
        directory = try makeShortTemporaryDirectory()
        path = directory + "/notify"
        socketDescriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw SystemError(call: "socket") }
        let bound = UnixSocketConnection.withAddress(of: path) { bind(socketDescriptor, $0, $1) }
        guard bound == 0 else { throw SystemError(call: "bind \(path)") }
    }

    deinit {
        close(socketDescriptor)
        unlink(path)
        rmdir(directory)
    }

    /// Runs `action` in a child process whose `NOTIFY_SOCKET` is this listener, then
    /// returns what the child returned and every datagram it sent, in order.
    func capture(
        environment: [String: String?] = [:],
        _ action: (SystemdNotifier) -> String = { _ in "" }
    ) throws -> (output: String, datagrams: [String]) {
        let path = self.path
        let output = try ChildProcess.run {
            setEnvironment(environment.merging(["NOTIFY_SOCKET": path]) { _, socket in socket })
            return action(SystemdNotifier())
        }
        // The child has exited: everything it sent is queued already.
        var datagrams: [String] = []
        while let datagram = receiveQueued() {
            datagrams.append(datagram)
        }
        return (output, datagrams)
    }

    /// A datagram that is already queued, or `nil` when none is.
    func receiveQueued() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(socketDescriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

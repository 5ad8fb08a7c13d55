import TestSupport
import WindowServer

extension NotifyListener {
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
        while let message = try next(timeout: .zero) {
            datagrams.append(message.text)
        }
        return (output, datagrams)
    }
}

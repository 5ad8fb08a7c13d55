import Logging
import NIOCore
import WindowEngine
import WindowProtocol

/// Attaches during `loading` (windowd-protocol(7), app.transition): a presenter re-attaching to a window of a group
/// that needs a user is not refused while the stored session has no verdict; its request waits
/// and is answered by the state loading reaches.
extension WindowDaemon {
    /// Keeps `line` for the end of loading if it waits (or its connection has a line waiting);
    /// `false` when it is to be handled now. A connection that piles up more lines than
    /// ``HeldRequests/maximumPerConnection`` meanwhile is closed.
    func holdUntilLoaded(_ line: UnsafeRawBufferPointer, from connection: Connection) -> Bool {
        switch machine.admit(line, from: connection.id) {
        case .handle:
            return false
        case .held:
            return true
        case .overLimit:
            logger.warning(
                "closing a client that sent too much while its attach waited for loading",
                metadata: [
                    "connection": "\(connection.id)", "held": "\(HeldRequests.maximumPerConnection)",
                ]
            )
            // Its lines stay held (and its later ones swallowed) until the close forgets them.
            connection.channel.close(promise: nil)
            return true
        }
    }

    /// Handles the lines that waited for loading to end, in the order they came; once `loading`
    /// is over, however it ended.
    func releaseHeldRequests() {
        for (id, line) in machine.releasedLines() {
            guard let connection = connections[id] else { continue }
            line.withUnsafeBytes { handle(line: $0, from: connection) }
        }
    }
}

import Glibc
import NIOCore

/// The peer of a Unix socket as the kernel reports it (`SO_PEERCRED`); laid out as glibc's `struct ucred`.
struct PeerCredentials: Sendable, Equatable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0

    /// Reads the credentials of `channel`'s peer.
    static func of(_ channel: any Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? any SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        }
        return provider.unsafeGetSocketOption(level: .socket, name: NIOBSDSocket.Option(rawValue: SO_PEERCRED))
    }
}

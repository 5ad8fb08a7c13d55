/// Where the daemon listens: a path it binds itself, or a socket systemd handed over.
package enum ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// Bind this path (after ``SocketPreparer`` made it safe).
    case path(String)
    /// Adopt this already-listening descriptor (socket activation); never unlinked by the daemon.
    case inherited(fileDescriptor: Int32, name: String)

    /// The path, or the descriptor with its name, as the daemon's logs name the socket.
    package var description: String {
        switch self {
        case .path(let path): return path
        case .inherited(let fd, let name): return "fd \(fd) (\(name), inherited)"
        }
    }
}

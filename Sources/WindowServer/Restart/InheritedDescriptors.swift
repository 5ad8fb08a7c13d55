/// Descriptors a previous process handed over through `LISTEN_FDS` (systemd's fd store, or
/// windowd's own exec on SIGUSR2), sorted by their names.
package struct InheritedDescriptors: Sendable {
    /// A connected client socket and its fd-store name.
    package struct Connection: Sendable {
        /// The connected socket, already open in this process.
        package var fileDescriptor: Int32
        /// Its fd-store name, `conn-<instance>-<number>`, which keys its record in the hand-off state.
        package var name: String
    }

    /// The listening socket, if one was passed.
    package var listener: (fileDescriptor: Int32, name: String)?
    /// Client connections to adopt.
    package var connections: [Connection] = []
    /// The hand-off state of a graceful restart, if any.
    package var handOffState: Int32?

    /// Nothing handed over: a fresh start that binds its own socket.
    package init() {}

    /// Sorts `(fd, name)` pairs: `conn-*` are connections, `handoff-state` is the state, the
    /// first other one is the listener (socket activation names it `windowd.socket`).
    package init(_ descriptors: [(fileDescriptor: Int32, name: String)]) {
        for descriptor in descriptors {
            if descriptor.name.hasPrefix(ConnectionName.prefix) {
                connections.append(Connection(fileDescriptor: descriptor.fileDescriptor, name: descriptor.name))
            } else if descriptor.name == HandOffFile.name {
                handOffState = descriptor.fileDescriptor
            } else if listener == nil {
                listener = descriptor
            }
        }
    }
}

/// The fd-store names of connections: `conn-<instance>-<number>`, unique across restarts.
enum ConnectionName {
    static let prefix = "conn-"
}

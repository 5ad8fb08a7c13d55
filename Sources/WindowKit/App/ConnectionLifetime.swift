/// Closes a connection when the last object using it goes: an ``AppClient`` and the
/// ``WindowScene`` it came from share one.
///
/// ```swift
/// let lifetime = ConnectionLifetime(connection)   // the connection closes with the last reference
/// ```
final class ConnectionLifetime: Sendable {
    let connection: DaemonConnection

    init(_ connection: DaemonConnection) {
        self.connection = connection
    }

    deinit {
        connection.closeSoon()
    }
}

extension DaemonProcess {
    /// Connects `count` clients and returns them once the daemon counts exactly those (its
    /// start-up probes gone): with `max_clients = count`, the next client is refused.
    package func holdClients(_ count: Int) throws -> [RawClient] {
        let first = try RawClient(path: socketPath)
        try waitUntil("the start-up probe connections to close") {
            try first.call("daemon.status")["clients"]?.int == 1
        }
        var clients = [first]
        for _ in 1..<count { clients.append(try RawClient(path: socketPath)) }
        // Asked on the last one: the daemon has accepted it, and every one before it.
        let counted = try clients[clients.count - 1].call("daemon.status")["clients"]?.int
        guard counted == Int64(count) else {
            throw TestFailure("the daemon counts \(String(describing: counted)) clients, not \(count)")
        }
        return clients
    }
}

import CSystemd
import Glibc

/// Takes the listening sockets that systemd (or `systemd-socket-activate`) handed over.
package enum SocketActivation {
    /// Returns the sockets passed through `LISTEN_FDS`, or `[]` when the daemon was not socket-activated.
    ///
    /// Uses `sd_listen_fds_with_names`, which checks `LISTEN_PID` against this
    /// process and sets close-on-exec on each descriptor. It also unsets
    /// `LISTEN_FDS`, `LISTEN_PID` and `LISTEN_FDNAMES`, so commands the daemon
    /// launches do not think the sockets are theirs; a second call returns `[]`.
    package static func takeListenedSockets() -> [ListenedSocket] {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_listen_fds_with_names(1, &names)
        defer { freeNames(names) }
        guard count > 0 else { return [] }

        return (0..<count).map { index in
            let name = names?[Int(index)].map { String(cString: $0) } ?? "unknown"
            return ListenedSocket(fileDescriptor: SD_LISTEN_FDS_START + index, name: name)
        }
    }

    /// Frees the `strv` that `sd_listen_fds_with_names` allocated: each string, then the array.
    private static func freeNames(_ names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
        guard let names else { return }
        var index = 0
        // The array is NULL-terminated.
        while let name = names[index] {
            free(name)
            index += 1
        }
        free(names)
    }
}

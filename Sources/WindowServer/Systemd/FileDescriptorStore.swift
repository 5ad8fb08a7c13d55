import CSystemd
import Glibc

/// The service manager's file-descriptor store (`FDSTORE=1`), through libsystemd's
/// `sd_pid_notify_with_fds`: descriptors handed to it survive the daemon's restart and
/// come back through `LISTEN_FDS` with their names.
///
/// Sending blocks like `sd_notify` while the manager does not read: on an event loop, go
/// through ``NotifySender/store(_:name:)`` and ``NotifySender/remove(name:)`` instead.
package struct FileDescriptorStore: Sendable {
    /// A store, when the manager keeps one for this service: `NOTIFY_SOCKET` is set and
    /// `$FDSTORE` (systemd ≥ 254) or `$WINDOWD_FDSTORE=1` (set by the unit) says it is enabled.
    package static func fromEnvironment() -> FileDescriptorStore? {
        guard getenv("NOTIFY_SOCKET") != nil else { return nil }
        if let limit = getenv("FDSTORE").flatMap({ Int(String(cString: $0)) }), limit > 0 {
            return FileDescriptorStore()
        }
        if let flag = getenv("WINDOWD_FDSTORE"), String(cString: flag) == "1" { return FileDescriptorStore() }
        return nil
    }

    /// Hands `fd` (a duplicate is kept by the manager) to the store under `name`.
    /// Returns whether the manager accepted the message.
    @discardableResult
    package func store(_ fd: Int32, name: String) -> Bool {
        var descriptor = fd
        return sd_pid_notify_with_fds(0, 0, "FDSTORE=1\nFDNAME=\(Self.sanitized(name))", &descriptor, 1) > 0
    }

    /// Removes every descriptor stored under `name`.
    package func remove(name: String) {
        sd_notify(0, "FDSTOREREMOVE=1\nFDNAME=\(Self.sanitized(name))")
    }

    /// FDNAME= takes at most 255 characters and no ':' or control characters.
    private static func sanitized(_ name: String) -> String {
        String(
            name.unicodeScalars.filter { $0 != ":" && $0.value >= 0x20 && $0.value < 0x7f }.prefix(255).map(
                Character.init
            )
        )
    }
}

import Glibc

/// The rule for a directory that holds the daemon's own files, the socket's and the state
/// directory alike (windowd(8), "Socket and access" and "State"): it belongs to the daemon's
/// user, and no one else may write it. A directory others may write, even a sticky one such as
/// /tmp, lets them take names next to those files: plant a link where the database's `-shm`
/// file or the socket will be, or swap the database.
enum OwnerOnlyDirectory {
    /// What the directory is for, as its refusal words it.
    struct Role {
        /// What the daemon would put there: `the socket`.
        var contents: String
        /// The directory itself: `the socket's directory`.
        var name: String
        /// Where to choose another one: `--socket, e.g. in a directory of your own`.
        var elsewhere: String
    }

    /// Why `directory`, described by `info`, may not hold the daemon's `role` files, or `nil`:
    /// its owner is not one of `owners`, or it is writable by its group or by others.
    static func problem(_ directory: String, _ info: stat, owners: [uid_t], role: Role) -> String? {
        let uid = getuid()
        guard owners.contains(info.st_uid) else {
            return
                "\(directory) belongs to uid \(info.st_uid), not to uid \(uid); refusing to put \(role.contents) there: "
                + "chown it to uid \(uid) or choose another \(role.elsewhere)"
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return "\(directory) is writable by other users (mode \(String(info.st_mode & 0o7777, radix: 8))); "
                + "only its owner may write \(role.name): make it owner-only (chmod 700) or choose another \(role.elsewhere)"
        }
        return nil
    }
}

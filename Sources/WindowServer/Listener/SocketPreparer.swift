import Glibc
import POSIXSupport

/// Makes the socket path safe to bind: an owner-only directory that is really a directory,
/// and no stale socket file left behind — but never one that a live daemon still serves.
package enum SocketPreparer {
    /// Why the daemon will not bind at a path.
    package struct Refusal: Error, CustomStringConvertible {
        /// The message for the user: names the path and what to do about it.
        package var description: String
    }

    /// Prepares `path` for binding; throws a ``Refusal`` that says what to fix.
    package static func prepare(path: String) throws(Refusal) {
        guard path.utf8.count < 108 else {
            throw Refusal(
                description:
                    "socket path \(path) is longer than the 107 bytes a Unix socket address holds; choose a shorter --socket"
            )
        }
        let directory = parent(of: path)
        try ensureDirectory(directory)
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw Refusal(
                description:
                    "\(path) exists and is not a socket (\(kind(info.st_mode))); refusing to replace it: remove it or choose another --socket"
            )
        }
        if isServed(path) {
            throw Refusal(
                description: "another windowd is already serving \(path); stop it first or choose another --socket"
            )
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw Refusal(description: "cannot remove the stale socket \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Gives the bound socket its mode, the least open that lets the allowed users reach it
    /// (windowd.toml(5), `allowed_uids`, `allowed_group`): 0600 when only the daemon's user and
    /// root may connect; 0660 with `group` as its group when that group may; 0666 when
    /// `otherUIDs` may, since a mode cannot name single uids. The socket's directory gets the
    /// search permission they need (never read or write): everyone's `x` (0711) for
    /// `otherUIDs`, else its group's with `group` as its group (0710), unless others may search
    /// it already. Who is admitted is still decided per connection, from its credentials
    /// (`AccessPolicy`).
    package static func secure(path: String, group: UInt32?, otherUIDs: Bool) throws(Refusal) {
        let mode: mode_t = otherUIDs ? 0o666 : group != nil ? 0o660 : 0o600
        if let group, chown(path, UInt32.max, group) != 0 {
            throw Refusal(description: "cannot give \(path) to group \(group): \(String(cString: strerror(errno)))")
        }
        guard chmod(path, mode) == 0 else {
            throw Refusal(
                description: "cannot set mode \(String(mode, radix: 8)) on \(path): \(String(cString: strerror(errno)))"
            )
        }
        guard otherUIDs || group != nil else { return }
        let directory = parent(of: path)
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw Refusal(description: "cannot inspect \(directory): \(String(cString: strerror(errno)))")
        }
        if otherUIDs {
            // Its group's too: a user in the directory's group is judged by the group's bits alone.
            guard info.st_mode & (S_IXGRP | S_IXOTH) != S_IXGRP | S_IXOTH else { return }
            try allowSearch(directory, mode: info.st_mode | S_IXGRP | S_IXOTH, who: "the users of allowed_uids")
        } else if let group {
            guard info.st_mode & S_IXOTH == 0, info.st_gid != group || info.st_mode & S_IXGRP == 0 else { return }
            if info.st_gid != group, chown(directory, UInt32.max, group) != 0 {
                throw Refusal(
                    description:
                        "cannot give \(directory) to group \(group), so that its members reach the socket: \(String(cString: strerror(errno)))"
                )
            }
            try allowSearch(directory, mode: info.st_mode | S_IXGRP, who: "the members of allowed_group")
        }
    }

    private static func allowSearch(_ directory: String, mode: mode_t, who: String) throws(Refusal) {
        guard chmod(directory, mode & 0o7777) == 0 else {
            throw Refusal(
                description:
                    "cannot let \(who) search \(directory) (mode \(String(mode & 0o7777, radix: 8))), so they cannot reach the socket: "
                    + "\(String(cString: strerror(errno))); choose a --socket in a directory they can reach"
            )
        }
    }

    private static func ensureDirectory(_ directory: String) throws(Refusal) {
        var info = stat()
        if lstat(directory, &info) != 0 {
            guard errno == ENOENT else {
                throw Refusal(description: "cannot inspect \(directory): \(String(cString: strerror(errno)))")
            }
            try ensureParentExists(of: directory)
            guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
                throw Refusal(description: "cannot create \(directory): \(String(cString: strerror(errno)))")
            }
            guard lstat(directory, &info) == 0 else {
                throw Refusal(description: "cannot inspect \(directory): \(String(cString: strerror(errno)))")
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Refusal(
                description:
                    "\(directory) is not a directory (\(kind(info.st_mode))); refusing to follow it: remove it or choose another --socket"
            )
        }
        // Root's own directories (/run) hold the sockets of the system's units too.
        let role = OwnerOnlyDirectory.Role(
            contents: "the socket",
            name: "the socket's directory",
            elsewhere: "--socket, e.g. in a directory of your own"
        )
        if let problem = OwnerOnlyDirectory.problem(directory, info, owners: [getuid(), 0], role: role) {
            throw Refusal(description: problem)
        }
    }

    private static func ensureParentExists(of directory: String) throws(Refusal) {
        let above = parent(of: directory)
        var info = stat()
        if above.isEmpty || above == directory || stat(above, &info) == 0 { return }
        try ensureParentExists(of: above)
        guard mkdir(above, 0o755) == 0 || errno == EEXIST else {
            throw Refusal(description: "cannot create \(above): \(String(cString: strerror(errno)))")
        }
    }

    /// Whether something accepts connections at `path` (the client's own connect).
    private static func isServed(_ path: String) -> Bool {
        UnixSocketConnection.isServed(path)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        default: return "another kind of file"
        }
    }
}

import Glibc
import Synchronization
package import WindowProtocol

/// The one daemon of a state directory: an exclusive `flock(2)` on `windowd.lock` in it, held
/// for the life of the process (windowd(8), Apps and instances) and taken before the state is read, so that a
/// second daemon of the same app (the default app included) is refused before it changes anything.
///
/// The descriptor is close-on-exec: a SIGUSR2 upgrade (an exec in place) lets go of the lock and
/// the new image takes it again at once, and no launched command ever holds it. The kernel lets
/// go when the process dies however it dies, so a `kill -9` leaves no stale lock.
///
/// A lock file removed (with the state directory, or alone) or replaced under the daemon keeps
/// no one off: the store sees it before its next commit (``isHeld``) and takes a new lock at the
/// same path (``retake()``).
package final class InstanceLock: StoreLock {
    /// The lock file.
    package let path: String
    private let app: AppID?
    /// The locked descriptor and the file it was opened as.
    private let held: Mutex<Held>

    private struct Held {
        var fileDescriptor: Int32
        var device: UInt64
        var inode: UInt64
    }

    /// Why the lock is not taken.
    package struct Refusal: Error, CustomStringConvertible {
        /// Names the app, the lock file and the other daemon, and what to do.
        package var description: String
    }

    private init(path: String, app: AppID?, held: Held) {
        self.path = path
        self.app = app
        self.held = Mutex(held)
    }

    /// Takes the lock of `app` (`nil`: the default app) in `directory` (created if needed),
    /// writing this process's id in it.
    ///
    /// - Throws: a ``Refusal`` when another daemon holds it or the file cannot be opened.
    package static func acquire(app: AppID?, directory: String) throws(Refusal) -> InstanceLock {
        let path = directory + "/windowd.lock"
        return InstanceLock(path: path, app: app, held: try take(path, app: app, directory: directory))
    }

    /// Whether the file at ``path`` is still the one locked (not removed, not replaced).
    package var isHeld: Bool {
        let (device, inode) = held.withLock { ($0.device, $0.inode) }
        var status = stat()
        return stat(path, &status) == 0 && UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Creates the state directory again if needed and locks a new file at ``path``; the old
    /// descriptor (on the removed file) is closed.
    ///
    /// - Throws: a ``Refusal`` when another daemon holds the new file, or it cannot be made.
    package func retake() throws {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        let taken = try Self.take(path, app: app, directory: directory)
        let old = held.withLock { held in
            defer { held = taken }
            return held.fileDescriptor
        }
        close(old)
    }

    /// Opens, locks and writes this process's id into the lock file at `path`.
    private static func take(_ path: String, app: AppID?, directory: String) throws(Refusal) -> Held {
        let name = app.map { "app '\($0)'" } ?? "the default app"
        let stop = app.map { "systemctl --user stop windowd@\($0).service" } ?? "systemctl stop windowd.service"
        do {
            try SQLiteStateStore.makeDirectory(directory)
        } catch {
            throw Refusal(description: "cannot create the state directory of \(name): \(error)")
        }
        try checkOwnerOnly(directory)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw Refusal(
                description: "cannot open the lock file \(path) of \(name): \(String(cString: strerror(errno)))"
            )
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = Self.holder(fd)
            close(fd)
            guard reason == EWOULDBLOCK else {
                throw Refusal(description: "cannot lock \(path) for \(name): \(String(cString: strerror(reason)))")
            }
            throw Refusal(
                description: "\(name) is already served by another windowd\(holder.map { " (pid \($0))" } ?? "") "
                    + "holding \(path); one daemon per state directory: stop that one first (\(stop), or kill it)"
            )
        }
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 {
            _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
        var status = stat()
        fstat(fd, &status)
        return Held(fileDescriptor: fd, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The state directory is guarded as the socket's is: the daemon's user owns it and no one
    /// else may write it, or nothing is read or written there (windowd(8), "State").
    private static func checkOwnerOnly(_ directory: String) throws(Refusal) {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw Refusal(
                description: "cannot inspect the state directory \(directory): \(String(cString: strerror(errno)))"
            )
        }
        let role = OwnerOnlyDirectory.Role(
            contents: "windowd's state",
            name: "the state directory",
            elsewhere: "[state] directory in windowd.toml"
        )
        if let problem = OwnerOnlyDirectory.problem(directory, info, owners: [getuid()], role: role) {
            throw Refusal(description: "unsafe state directory: " + problem)
        }
    }

    /// The process id the holder wrote, if readable.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingSpaces)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(unicodeScalars.filter { !$0.properties.isWhitespace })
    }
}

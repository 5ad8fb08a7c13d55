#if canImport(Glibc)
import Glibc
#endif

/// Replaces the running daemon with the binary installed at its path, handing descriptors over
/// through the `LISTEN_FDS` convention (`LISTEN_PID` stays right: `exec` keeps the pid).
enum SelfExec {
    /// The daemon's binary as started, read once at start-up: after an upgrade replaces the
    /// file, `/proc/self/exe` names the old, deleted one, but this path names the new one.
    static let executablePath: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasSuffix(" (deleted)") ? String(path.dropLast(" (deleted)".count)) : path
    }()

    /// Moves `descriptors` to 3, 4, … without close-on-exec, sets `LISTEN_FDS`, `LISTEN_PID` and
    /// `LISTEN_FDNAMES`, and execs ``executablePath`` with the same arguments. Returns only on failure.
    ///
    /// Every other descriptor is marked close-on-exec first: NIO opens its epoll descriptor and
    /// accepts connections without `O_CLOEXEC`, so without this each upgrade leaked the old
    /// loop's epoll and a second copy of every connection into the new process — a copy that
    /// kept a connection open after the new process closed it (its client never saw EOF).
    static func exec(handingOver descriptors: [(fileDescriptor: Int32, name: String)]) -> String {
        // Lift every descriptor out of the way first, so that moving one down cannot clobber another.
        let lifted = descriptors.map { fcntl($0.fileDescriptor, F_DUPFD_CLOEXEC, 1024) }
        guard !lifted.contains(where: { $0 < 0 }) else { return "cannot duplicate a descriptor: \(String(cString: strerror(errno)))" }
        for (index, fd) in lifted.enumerated() {
            guard dup2(fd, 3 + Int32(index)) >= 0 else { return "dup2: \(String(cString: strerror(errno)))" }
        }
        closeOnExec(from: 3 + Int32(descriptors.count))
        setenv("LISTEN_FDS", String(descriptors.count), 1)
        setenv("LISTEN_PID", String(getpid()), 1)
        setenv("LISTEN_FDNAMES", descriptors.map(\.name).joined(separator: ":"), 1)
        var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) }
        argv.append(nil)
        execv(executablePath, argv)
        return "execv \(executablePath): \(String(cString: strerror(errno)))"
    }

    /// Marks every open descriptor numbered `first` or above close-on-exec (listed from
    /// `/proc/self/fd`), so that only the handed-over ones reach the next binary.
    static func closeOnExec(from first: Int32) {
        guard let directory = opendir("/proc/self/fd") else { return }
        var open: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd >= first { open.append(fd) }
        }
        closedir(directory)
        for fd in open {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}

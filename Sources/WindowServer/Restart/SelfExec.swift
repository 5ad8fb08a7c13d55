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
    static func exec(handingOver descriptors: [(fileDescriptor: Int32, name: String)]) -> String {
        // Lift every descriptor out of the way first, so that moving one down cannot clobber another.
        let lifted = descriptors.map { fcntl($0.fileDescriptor, F_DUPFD_CLOEXEC, 1024) }
        guard !lifted.contains(where: { $0 < 0 }) else { return "cannot duplicate a descriptor: \(String(cString: strerror(errno)))" }
        for (index, fd) in lifted.enumerated() {
            guard dup2(fd, 3 + Int32(index)) >= 0 else { return "dup2: \(String(cString: strerror(errno)))" }
        }
        setenv("LISTEN_FDS", String(descriptors.count), 1)
        setenv("LISTEN_PID", String(getpid()), 1)
        setenv("LISTEN_FDNAMES", descriptors.map(\.name).joined(separator: ":"), 1)
        var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) }
        argv.append(nil)
        execv(executablePath, argv)
        return "execv \(executablePath): \(String(cString: strerror(errno)))"
    }
}

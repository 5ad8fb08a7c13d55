import CGlibcExtensions
import Glibc
import POSIXSupport

/// Replaces the running daemon with the binary installed at its path (`exec` keeps the pid, as
/// the service manager expects), handing descriptors over by their numbers in
/// ``descriptorsVariable``.
///
/// Nothing here touches a live descriptor or the process's environment: the handed-over
/// descriptors stay where they are (only their close-on-exec flag changes), and the next image's
/// environment is built for `execve` alone. So an exec that fails leaves the daemon exactly as
/// it was — its lock, its event loop's epoll, its SQLite files — and it serves on. (Moving the
/// descriptors to 3, 4, … first, as `LISTEN_FDS` wants, closed whatever was there, and a failed
/// exec then killed the daemon.) The next image moves nothing either: it adopts the
/// descriptors where they are (``takeHandedOver()``).
package enum SelfExec {
    /// The daemon's binary as started, read once at start-up: after an upgrade replaces the
    /// file, `/proc/self/exe` names the old, deleted one, but this path names the new one.
    static let executablePath: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasSuffix(" (deleted)") ? String(path.dropLast(" (deleted)".count)) : path
    }()

    /// The variable that carries the handed-over descriptors to the next image:
    /// `PID FD:NAME FD:NAME …`, the pid being the one that execs (so that a program it launches
    /// later, which inherits nothing but might inherit the variable, ignores it).
    static let descriptorsVariable = "WINDOWD_UPGRADE_FDS"

    /// The first version that takes descriptors through ``descriptorsVariable``; an older binary
    /// would ignore them, so an upgrade to one is refused.
    static let firstVersionTakingDescriptors = [0, 2, 0]

    /// How long the new binary may take to answer `--version`.
    static let checkTimeout: Duration = .seconds(10)

    /// What ``check(_:stopping:)`` returns when a stop ended it.
    static let checkStopped = "a stop was asked for during the check"

    /// Whether the binary at `path` can take the daemon over: it runs, answers `--version`
    /// with exit 0 within ``checkTimeout``, and its version takes descriptors through
    /// ``descriptorsVariable``. `nil` when it can; else why not, naming the binary.
    ///
    /// It runs in a session of its own, and past its timeout, or as soon as `stopping` says a
    /// stop was asked for, its whole process group is killed: nothing it started is left behind.
    /// Blocks for as long as the binary takes: run it off the event loop.
    static func check(_ path: String = executablePath, stopping: () -> Bool = { false }) -> String? {
        var ends: [Int32] = [-1, -1]
        guard windowd_pipe_cloexec(&ends) == 0 else {
            return "cannot check \(path): pipe: \(String(cString: strerror(errno)))"
        }
        defer { close(ends[0]) }
        let child: ChildProcess
        do {
            child = try ChildProcess([path, "--version"], stdout: .descriptor(ends[1]), newSession: true)
        } catch {
            close(ends[1])
            return "\(path) does not start: \(error)"
        }
        close(ends[1])
        let deadline = ContinuousClock.now + checkTimeout
        var answer: ProcessTermination?
        while answer == nil, !stopping(), ContinuousClock.now < deadline {
            answer = child.wait(timeout: min(.milliseconds(20), deadline - ContinuousClock.now))
        }
        guard let ended = answer else {
            child.terminate(signal: SIGKILL, grace: .zero, group: true)
            return stopping() ? checkStopped : "\(path) --version did not answer within \(checkTimeout)"
        }
        guard ended == .exited(0) else { return "\(path) --version ended \(ended): it is not a windowd that runs here" }
        // It has ended: what it printed is in the pipe (a version line fits its buffer many times).
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        let version =
            String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).split(whereSeparator: \.isWhitespace).last
            .map(String.init) ?? ""
        guard let parts = Self.versionParts(version), !parts.lexicographicallyPrecedes(firstVersionTakingDescriptors)
        else {
            let first = firstVersionTakingDescriptors.map(String.init).joined(separator: ".")
            return
                "\(path) is version '\(version)', which cannot take the connections over in place (\(first) or later can); restart the service instead"
        }
        return nil
    }

    /// `1.22.3` → `[1, 22, 3]`, `1.2` → `[1, 2, 0]` (a suffix such as `-dev` after the numbers
    /// is ignored); `nil` if it starts with no number.
    static func versionParts(_ version: String) -> [Int]? {
        let numbers = version.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
        return numbers.isEmpty ? nil : numbers + Array(repeating: 0, count: max(0, 3 - numbers.count))
    }

    /// Execs `executable` with the same arguments, handing `descriptors` over where they
    /// are. Returns only on failure, with every descriptor's close-on-exec flag as it was.
    ///
    /// Every other descriptor is marked close-on-exec for the exec: NIO opens its epoll
    /// descriptor and accepts connections without `O_CLOEXEC`, so without this each upgrade leaked
    /// the old loop's epoll and a second copy of every connection into the new process — a copy
    /// that kept a connection open after the new process closed it (its client never saw EOF).
    static func exec(
        handingOver descriptors: [(fileDescriptor: Int32, name: String)],
        executable: String = executablePath
    ) -> String {
        let handed = Set(descriptors.map(\.fileDescriptor))
        var changed: [(fileDescriptor: Int32, flags: Int32)] = []
        defer {
            // Reached only when the exec failed: put every flag back.
            for (fd, flags) in changed { _ = fcntl(fd, F_SETFD, flags) }
        }
        for fd in Set(openDescriptors(from: 3)).union(handed) {
            let flags = fcntl(fd, F_GETFD)
            guard flags >= 0 else {
                if handed.contains(fd) { return "descriptor \(fd) to hand over is not open" }
                continue
            }
            let wanted = handed.contains(fd) ? flags & ~FD_CLOEXEC : flags | FD_CLOEXEC
            guard wanted != flags else { continue }
            guard fcntl(fd, F_SETFD, wanted) == 0 else {
                return "fcntl(\(fd), F_SETFD): \(String(cString: strerror(errno)))"
            }
            changed.append((fd, flags))
        }
        let handOff = "\(getpid()) " + descriptors.map { "\($0.fileDescriptor):\($0.name)" }.joined(separator: " ")
        let environment = nextEnvironment(handOff: handOff).map { strdup($0) } + [nil]
        let argv = CommandLine.arguments.map { strdup($0) } + [nil]
        defer {
            environment.forEach { free($0) }
            argv.forEach { free($0) }
        }
        execve(executable, argv, environment)
        return "execve \(executable): \(String(cString: strerror(errno)))"
    }

    /// This process's environment for the next image: `LISTEN_*` (a service manager's, already
    /// taken) left out, ``descriptorsVariable`` set to `handOff`.
    static func nextEnvironment(handOff: String) -> [String] {
        var entries: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.prefix { $0 != "=" }
            if !["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", descriptorsVariable].contains(String(name)) {
                entries.append(text)
            }
            entry += 1
        }
        return entries + ["\(descriptorsVariable)=\(handOff)"]
    }

    /// In the image an upgrade started: the descriptors the previous image handed over, marked
    /// close-on-exec (nothing this daemon launches gets them), and ``descriptorsVariable``
    /// removed. `[]` when this process was not started by an upgrade. Call once, first thing, as
    /// `sd_listen_fds` is called.
    package static func takeHandedOver() -> [(fileDescriptor: Int32, name: String)] {
        guard let value = getenv(descriptorsVariable).map({ String(cString: $0) }) else { return [] }
        unsetenv(descriptorsVariable)
        return parse(value, pid: getpid())
    }

    /// The descriptors in a ``descriptorsVariable`` value meant for `pid` (marked close-on-exec);
    /// `[]` when it is meant for another process or does not parse.
    static func parse(_ value: String, pid: Int32) -> [(fileDescriptor: Int32, name: String)] {
        var fields = value.split(separator: " ")
        guard let first = fields.first, Int32(first) == pid else { return [] }
        fields.removeFirst()
        var descriptors: [(fileDescriptor: Int32, name: String)] = []
        for field in fields {
            guard let colon = field.firstIndex(of: ":"), let fd = Int32(field[..<colon]), fd > 2 else { continue }
            let flags = fcntl(fd, F_GETFD)
            guard flags >= 0 else { continue }
            _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC)
            descriptors.append((fd, String(field[field.index(after: colon)...])))
        }
        return descriptors
    }

    /// Every descriptor open in this process numbered `first` or above (from `/proc/self/fd`).
    static func openDescriptors(from first: Int32) -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        let listed = dirfd(directory)
        var open: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let fd = Int32(name), fd >= first, fd != listed { open.append(fd) }
        }
        closedir(directory)
        return open
    }
}

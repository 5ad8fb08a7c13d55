import POSIXSupport
import TestSupport
import Testing
import WindowServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ProcessEnvironmentTests {
    /// `takeListenedSockets()` against real listening sockets placed on fds 3, 4, … as systemd does.
    @Suite struct SocketActivationTests {
        @Test func notActivatedGivesNoSockets() throws {
            let report = try takeInChild(listeners: 0, environment: [:])
            #expect(report == "sockets: none\nenv: LISTEN_FDS=- LISTEN_PID=- LISTEN_FDNAMES=-\nagain: none")
        }

        @Test func takesNamedSocketOnFd3AndUnsetsTheEnvironment() throws {
            let report = try takeInChild(
                listeners: 1,
                environment: ["LISTEN_FDS": "1", "LISTEN_PID": "self", "LISTEN_FDNAMES": "windowd.socket"]
            )
            // Close-on-exec is set and the variables are gone: commands the daemon
            // launches neither inherit the socket nor think it is theirs.
            #expect(
                report == """
                    sockets: 3 windowd.socket listening cloexec
                    env: LISTEN_FDS=- LISTEN_PID=- LISTEN_FDNAMES=-
                    again: none
                    """
            )
        }

        @Test func unnamedSocketsAreCalledUnknown() throws {
            let report = try takeInChild(listeners: 2, environment: ["LISTEN_FDS": "2", "LISTEN_PID": "self"])
            #expect(
                report.split(separator: "\n").first
                    == "sockets: 3 unknown listening cloexec, 4 unknown listening cloexec"
            )
        }

        @Test func socketsMeantForAnotherProcessAreIgnored() throws {
            let report = try takeInChild(
                listeners: 1,
                environment: ["LISTEN_FDS": "1", "LISTEN_PID": "other", "LISTEN_FDNAMES": "windowd.socket"]
            )
            #expect(report == "sockets: none\nenv: LISTEN_FDS=- LISTEN_PID=- LISTEN_FDNAMES=-\nagain: none")
        }
    }
}

/// In a child process: puts `listeners` listening Unix sockets on fds 3, 4, …, sets
/// `environment` (`LISTEN_PID` "self" or "other" becomes the child's pid or another),
/// takes the sockets twice and describes the sockets, the environment after, and the second call.
private func takeInChild(listeners: Int, environment: [String: String]) throws -> String {
    let directory = try TemporaryDirectory("sdt")
    let paths = (0..<listeners).map { directory.file("s\($0)") }
    defer { withExtendedLifetime(directory) { paths.forEach { _ = unlink($0) } } }
    let descriptors = try paths.map { try listeningUnixSocket(at: $0) }
    defer { descriptors.forEach { _ = close($0) } }
    // Run the describing code once here, so the child does as little first-time work as it can.
    _ = describe([ListenedSocket(fileDescriptor: 3, name: "warm-up")], again: [])

    return try ChildProcess.run {
        // Move every listener above the target range first, so no dup2 clobbers another.
        let high = descriptors.map { fcntl($0, F_DUPFD_CLOEXEC, 300) }
        for (offset, descriptor) in high.enumerated() {
            // dup2 leaves close-on-exec clear, as systemd hands the fds over.
            dup2(descriptor, 3 + Int32(offset))
            close(descriptor)
        }
        var values: [String: String?] = ["LISTEN_FDS": nil, "LISTEN_PID": nil, "LISTEN_FDNAMES": nil]
        for (name, value) in environment {
            values[name] = value
        }
        if values["LISTEN_PID"] == "self" { values["LISTEN_PID"] = String(getpid()) }
        if values["LISTEN_PID"] == "other" { values["LISTEN_PID"] = String(getpid() + 1) }
        setEnvironment(values)

        let sockets = SocketActivation.takeListenedSockets()
        let again = SocketActivation.takeListenedSockets()
        return describe(sockets, again: again)
    }
}

/// What a child saw: each socket with its state, the `LISTEN_*` variables afterwards, a second call's result.
private func describe(_ sockets: [ListenedSocket], again: [ListenedSocket]) -> String {
    func list(_ sockets: [ListenedSocket]) -> String {
        guard !sockets.isEmpty else { return "none" }
        return sockets.map { socket in
            let fd = socket.fileDescriptor
            let state = (isListening(fd) ? " listening" : "") + (fcntl(fd, F_GETFD) & FD_CLOEXEC != 0 ? " cloexec" : "")
            return "\(fd) \(socket.name)\(state)"
        }.joined(separator: ", ")
    }
    let variables = ["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"].map { "\($0)=\(environmentValue($0))" }
    return "sockets: \(list(sockets))\nenv: \(variables.joined(separator: " "))\nagain: \(list(again))"
}

/// Whether `fd` is a socket in the listening state.
private func isListening(_ fd: Int32) -> Bool {
    var accepting: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0 && accepting == 1
}

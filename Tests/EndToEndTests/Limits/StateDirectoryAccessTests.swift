import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The state directory is guarded as the socket's is (windowd(8), "State"): owned by the daemon's
/// user and writable by no one else, else windowd exits 73 naming it and touches nothing there.
@Suite("State directory access", .timeLimit(.minutes(1)))
struct StateDirectoryAccessTests {
    /// Makes the default app's state directory (`$XDG_STATE_HOME/windowd`) in `directory`, with `mode`.
    static func stateDirectory(in directory: TemporaryDirectory, mode: mode_t) throws -> String {
        #expect(mkdir(directory.file("state"), 0o700) == 0)
        let state = directory.file("state/windowd")
        #expect(mkdir(state, 0o700) == 0)
        #expect(chmod(state, mode) == 0)
        return state
    }

    /// Starts windowd on `directory`'s state and expects it to refuse with exit 73, naming `state`.
    static func expectRefused(_ directory: TemporaryDirectory, state: String, saying words: [String]) throws {
        let daemon = try DaemonProcess(in: directory)
        defer { daemon.stop() }
        let ended = try daemon.process.wait()
        #expect(ended == .exited(73), "\(ended):\n\(daemon.log)")
        #expect(daemon.log.contains(state), "the message names the directory:\n\(daemon.log)")
        for word in words { #expect(daemon.log.contains(word), "the message says \(word):\n\(daemon.log)") }
        #expect(
            access(state + "/windowd.sqlite", F_OK) != 0 && access(state + "/windowd.lock", F_OK) != 0,
            "nothing was made there"
        )
        #expect(!UnixSocketConnection.isServed(daemon.socketPath), "nothing serves")
    }

    @Test(
        "a state directory of mode 1777, 0777 or 0770: windowd exits 73 naming it and its mode",
        arguments: [0o1777, 0o777, 0o770]
    )
    func writableByOthers(mode: Int) throws {
        let directory = try TemporaryDirectory()
        let state = try Self.stateDirectory(in: directory, mode: mode_t(mode))
        try Self.expectRefused(
            directory,
            state: state,
            saying: ["writable by other users", String(mode, radix: 8), "chmod 700"]
        )
    }

    @Test(
        "a state directory owned by another uid: windowd exits 73 naming it and its owner",
        .enabled(if: getuid() == 0, "needs root to give a directory to uid 65534")
    )
    func ownedByAnotherUser() throws {
        let directory = try TemporaryDirectory()
        let state = try Self.stateDirectory(in: directory, mode: 0o700)
        #expect(chown(state, 65534, 65534) == 0)
        try Self.expectRefused(directory, state: state, saying: ["belongs to uid 65534"])
    }
}

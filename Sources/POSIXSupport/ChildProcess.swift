import CGlibcExtensions
import Glibc

/// A child process started from an argv, and reaped by this object alone: the one
/// `posix_spawnp` of the package. The daemon's launches, the places' commands, the benchmark's
/// and the tests' servers and clients all start here.
///
/// The child gets an argv (never a shell), default signal dispositions and an empty signal
/// mask (a starter that blocks signals for a signalfd, or ignores `SIGPIPE`, would pass that
/// on, and programs that wait for a signal of their own child, such as `screen -dm`, then
/// hang), its three standard streams as asked, `passing` as descriptors 3, 4, … (the
/// `LISTEN_FDS` convention), and no other descriptor: everything above is closed in the
/// child, so nothing the starter holds open (a listening socket, a pipe another thread is
/// setting up, a test runner's own descriptors) leaks into it.
///
/// Released while still running, it is killed (`SIGKILL`) and reaped, so that nothing is left
/// behind; unless it leads a session of its own (`newSession`), which is how a child is meant
/// to outlive its starter (the daemon's launches).
package final class ChildProcess {
    /// Its process id: a `pid_t`, spelled `Int32` because Glibc and CGlibcExtensions both export
    /// `pid_t` and neither is imported for clients.
    package let pid: Int32
    /// The program started (`arguments[0]`), for messages.
    package let program: String
    /// Whether it leads a session of its own.
    package let leadsSession: Bool
    /// How it ended, once it has been reaped.
    package internal(set) var termination: ProcessTermination?

    /// Starts `arguments` (`arguments[0]` is looked up on `PATH` unless it holds a `/`).
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; `nil` passes the starter's own.
    ///   - passing: descriptors the child gets as 3, 4, … in this order; they are copied above
    ///     the range first, so that placing one never clobbers another.
    ///   - newSession: the child leads a session of its own (`setsid`): it outlives the
    ///     starter's session, and a signal to its group reaches everything it starts.
    package init(
        _ arguments: [String],
        environment: [String: String]? = nil,
        stdin: StandardStream = .null,
        stdout: StandardStream = .null,
        stderr: StandardStream = .null,
        passing: [Int32] = [],
        newSession: Bool = false
    ) throws(SpawnFailure) {
        guard let program = arguments.first, !program.isEmpty else { throw .emptyCommand }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            stream.redirect(target, &actions)
        }
        let lifted = passing.map { fcntl($0, F_DUPFD_CLOEXEC, 1000) }
        defer { lifted.forEach { close($0) } }
        for (index, fd) in lifted.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, fd, 3 + Int32(index))
        }
        windowd_spawn_addclosefrom(&actions, 3 + Int32(passing.count))

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if newSession { flags |= windowd_spawn_setsid_flag() }
        posix_spawnattr_setflags(&attributes, flags)

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result: Int32
        if let environment {
            let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
            defer { envp.forEach { free($0) } }
            result = posix_spawnp(&child, program, &actions, &attributes, argv, envp)
        } else {
            result = posix_spawnp(&child, program, &actions, &attributes, argv, environ)
        }
        guard result == 0 else { throw .refused(SystemCallError(call: program, errno: result)) }
        pid = child
        self.program = program
        leadsSession = newSession
    }

    /// The child `pid`, started some other way (``terminalJob(_:environment:terminal:)``).
    init(adopting pid: Int32, program: String, leadsSession: Bool) {
        self.pid = pid
        self.program = program
        self.leadsSession = leadsSession
    }

    deinit {
        guard termination == nil, !leadsSession else { return }
        kill(pid, SIGKILL)
        wait()
    }
}

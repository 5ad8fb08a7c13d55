import CGlibcExtensions
import Glibc

extension ChildProcess {
    /// Starts `arguments` as the job of a new session on the terminal `terminal` (a
    /// pseudo-terminal's slave), as a shell in that terminal would run it: Ctrl-Z stops it, and
    /// the child returned (a small session leader) then stops too, so that ``pollChange()``
    /// sees the stop; SIGCONT to the child continues both. SIGHUP, SIGINT, SIGTERM, SIGQUIT and
    /// SIGTSTP sent to the child reach the program's process group. The child ends as the
    /// program does, and is named this process's name (``ProcessTitle``) in ps and top.
    package static func terminalJob(
        _ arguments: [String],
        environment: [String: String],
        terminal: String
    ) throws(SpawnFailure) -> ChildProcess {
        guard let program = arguments.first, !program.isEmpty else { throw .emptyCommand }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { envp.forEach { free($0) } }
        let pid = windowd_spawn_terminal_job(terminal, argv, envp, ProcessTitle.name())
        guard pid > 0 else { throw .refused(SystemCallError(call: "fork", errno: errno)) }
        return ChildProcess(adopting: pid, program: program, leadsSession: true)
    }
}

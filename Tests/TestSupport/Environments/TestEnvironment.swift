import WindowClient

#if canImport(Glibc)
import Glibc
#endif

/// What every real-environment test starts its programs with, and the check that a tool is installed.
package enum TestEnvironment {
    /// A clean environment: this process's `PATH` and `HOME`, a UTF-8 locale, and nothing of
    /// the terminal the tests happen to run in (no `TMUX`, `DISPLAY`, `KITTY_*`, …).
    package static func base(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": getenv("HOME").map { String(cString: $0) } ?? "/root",
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// Whether every one of `tools` is on `PATH`; if not, says so loudly on stderr, so that a
    /// skipped real-environment suite is never mistaken for a passed one. CI installs them all
    /// (`make deps`).
    package static func installed(_ tools: [String], for suite: String) -> Bool {
        let missing = tools.filter { !ProcessRunner.isExecutable($0) }
        guard !missing.isEmpty else { return true }
        let line = "\n*** SKIPPED: \(suite): not installed: \(missing.joined(separator: ", ")) (run `make deps`) ***\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return false
    }

    /// What `arguments` printed, through env(1) with `environment` added; `nil` if it failed
    /// or did not end within 10 s (`screen -Q` can wait for ever on a session that is not ready).
    package static func output(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
        let variables = environment.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }
        return ProcessRunner.output(["timeout", "-s", "KILL", "10", "env"] + variables + arguments)
    }
}

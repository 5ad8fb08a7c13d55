#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A headless X server of its own (`Xvfb :N` on a free display) for the graphical places of
/// SPEC section 13's tests; stopped when released.
final class XvfbServer {
    /// `:N`.
    let display: String
    private let process: SpawnedProcess

    init(directory: TemporaryDirectory) throws {
        var number = 40 + Int(getpid() % 200)
        while access("/tmp/.X11-unix/X\(number)", F_OK) == 0 || access("/tmp/.X\(number)-lock", F_OK) == 0 { number += 1 }
        display = ":\(number)"
        process = try SpawnedProcess("/usr/bin/env", ["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                     environment: Self.environment([:]), stdout: .file(directory.file("xvfb.log")), stderr: .file(directory.file("xvfb.log")))
        try waitUntil("Xvfb to listen on \(display)", timeout: .seconds(15)) { access("/tmp/.X11-unix/X\(number)", F_OK) == 0 }
    }

    deinit { process.terminate(grace: .seconds(2)) }

    /// Whether every one of `programs` is on `PATH`.
    static func installed(_ programs: [String]) -> Bool {
        programs.allSatisfy { program in
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
        }
    }

    /// A clean environment for the graphical programs and their children: nothing of the terminal
    /// the tests run in (no `TMUX`, `DISPLAY`, `KITTY_*`, …), with `extra` added.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = SpawnedProcess.testEnvironment(adding: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        for name in ["TMUX", "TMUX_PANE", "STY", "WINDOW", "DISPLAY", "WAYLAND_DISPLAY", "WINDOWID", "SWAYSOCK", "I3SOCK",
                     "KITTY_WINDOW_ID", "KITTY_LISTEN_ON", "KITTY_PID", "WEZTERM_PANE", "ZELLIJ", "TERMINAL"] {
            environment[name] = nil
        }
        environment.merge(extra) { $1 }
        return environment
    }
}

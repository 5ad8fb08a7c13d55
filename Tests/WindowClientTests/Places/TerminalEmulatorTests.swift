import TestSupport
import Testing
import WindowClient

/// How each terminal emulator is asked for a window running an argv.
@Suite("Terminal emulators")
struct TerminalEmulatorTests {
    @Test(
        "each emulator's flags, the argv kept whole",
        arguments: [
            ("xterm", ["xterm", "-T", "t", "-e", "a", "b c"]),
            ("/usr/bin/xterm", ["/usr/bin/xterm", "-T", "t", "-e", "a", "b c"]),
            ("x-terminal-emulator", ["x-terminal-emulator", "-T", "t", "-e", "a", "b c"]),
            ("alacritty", ["alacritty", "--title", "t", "-e", "a", "b c"]),
            ("foot", ["foot", "--title", "t", "--", "a", "b c"]),
            ("kitty", ["kitty", "--title", "t", "a", "b c"]),
            ("wezterm", ["wezterm", "start", "--", "a", "b c"]),
            ("xdg-terminal-exec", ["xdg-terminal-exec", "a", "b c"]),
            ("unknown-term", ["unknown-term", "-e", "a", "b c"]),
        ]
    )
    func flags(program: String, expected: [String]) {
        #expect(TerminalEmulator.command(program: program, title: "t", argv: ["a", "b c"]) == expected)
    }

    @Test("only known emulators count as the opener's terminal")
    func sameAs() {
        #expect(TerminalEmulator.program(forRunning: "/usr/bin/foot") == "/usr/bin/foot")
        #expect(TerminalEmulator.program(forRunning: "/usr/lib/wezterm/wezterm-gui") == "wezterm")
        #expect(TerminalEmulator.program(forRunning: "/usr/sbin/sshd") == nil)
        #expect(TerminalEmulator.program(forRunning: "/usr/bin/bash") == nil)
    }

    @Test("the terminal the user runs, for an open with no terminal of its own: the one started last")
    func newestRunning() throws {
        let directory = try TemporaryDirectory()
        // A program named as an emulator is one, to /proc: sleep copied as foot.
        let foot = directory.file("foot")
        #expect(ProcessRunner.run(["cp", "/bin/sleep", foot]))
        let running = try SpawnedProcess(foot, ["30"])
        defer { _ = running.terminate(grace: .milliseconds(100)) }
        try waitUntil("foot to run") { ProcessTable.executable(of: running.pid) == foot }
        #expect(ProcessTable.newestTerminal() == foot)
    }
}

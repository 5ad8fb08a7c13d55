import WindowClient

/// i3 on an ``XvfbDisplay``, its IPC socket in its own directory; terminals are started
/// through i3's own `exec`, as a user's key binding would, so that they see `$I3SOCK`.
package final class I3Session: @unchecked Sendable {
    package let directory: TemporaryDirectory
    package let socket: String
    private let i3: BackgroundProcess

    package init(on x: XvfbDisplay) throws {
        directory = try TemporaryDirectory("i3")
        socket = directory.file("ipc")
        // The first line keeps i3 from "migrating" the file (and starting i3bar).
        // The layout keys of i3's default config, for a test to press (``XvfbDisplay/xdotool(_:)``, `key alt+w`).
        let keys = "bindsym Mod1+w layout tabbed\nbindsym Mod1+s layout stacking\nbindsym Mod1+e layout toggle split\n"
        let config = try directory.write(
            "# i3 config file (v4)\nipc-socket \(socket)\nfocus_follows_mouse no\nfont pango:monospace 8\n" + keys,
            to: "config"
        )
        i3 = try BackgroundProcess(
            ["i3", "-c", config],
            environment: TestEnvironment.base(["DISPLAY": x.display]),
            log: directory.file("i3.log")
        )
        guard Poll.until(within: 10, { (try? I3IPC.command("nop", socket: self.socket, timeout: .seconds(2))) != nil })
        else {
            throw TestFailure("i3 did not answer on \(socket): \(directory.read("i3.log"))")
        }
    }

    /// Starts `argv` through i3's `exec`, from a script file (i3's command parser would
    /// split a command line at `;` and `,`); the pid of `argv`, once it runs.
    package func exec(_ terminalArgv: [String], running argv: [String], name: String) throws -> Int32 {
        let script = try PidFile.script(name, in: directory, then: argv)
        guard
            (try? I3IPC.command(
                "exec " + (terminalArgv + [script]).joined(separator: " "),
                socket: socket,
                timeout: .seconds(5)
            )) != nil
        else {
            throw TestFailure("i3 exec failed")
        }
        return try PidFile.pid(name + ".pid", in: directory)
    }

    deinit { i3.stop() }
}

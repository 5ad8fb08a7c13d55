import WindowClient

#if canImport(Glibc)
import Glibc
#endif

/// sway, headless, with its own runtime directory. sway refuses to run as root: as root the
/// session runs as a system user `wpplaces` this fixture creates (useradd) and drops into
/// with runuser(1); as anyone else it runs as that user.
package final class SwaySession: @unchecked Sendable {
    package static let user = "wpplaces"
    package let directory: TemporaryDirectory
    /// sway's IPC socket (`$SWAYSOCK`).
    package let socket: String
    private let sway: BackgroundProcess
    private var keyboard: BackgroundProcess?

    package init() throws {
        directory = try TemporaryDirectory("sway")
        let root = getuid() == 0
        if root {
            if !ProcessRunner.run(["id", "-u", Self.user]) {
                guard
                    ProcessRunner.run([
                        "useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", Self.user,
                    ])
                else {
                    throw TestFailure("useradd \(Self.user) failed")
                }
            }
            guard ProcessRunner.run(["chown", Self.user, directory.path]) else { throw TestFailure("chown failed") }
        }
        // The layout keys of sway's default config, for a test to press (``press(_:)``).
        let keys = "bindsym Mod1+w layout tabbed\nbindsym Mod1+s layout stacking\nbindsym Mod1+e layout toggle split\n"
        let config = try directory.write(
            "output HEADLESS-1 resolution 1280x800\nfocus_follows_mouse no\n" + keys,
            to: "config"
        )
        _ = chmod(config, 0o644)
        let environment = [
            "XDG_RUNTIME_DIR": directory.path, "HOME": directory.path, "WLR_BACKENDS": "headless",
            "WLR_LIBINPUT_NO_DEVICES": "1",
        ]
        sway = try BackgroundProcess(
            Self.asUser(["sway", "-c", config]),
            environment: TestEnvironment.base(environment),
            log: directory.file("sway.log")
        )
        let directory = self.directory
        guard let socket = Poll.until(within: 10, { Self.ipcSocket(in: directory) }) else {
            throw TestFailure("sway did not start: \(directory.read("sway.log"))")
        }
        self.socket = socket
        guard Poll.until(within: 10, { (try? I3IPC.command("nop", socket: socket, timeout: .seconds(2))) != nil })
        else {
            throw TestFailure("sway did not answer on \(socket)")
        }
    }

    /// `argv` run as the session's user when this process is root.
    package static func asUser(_ argv: [String]) -> [String] {
        getuid() == 0 ? ["runuser", "-u", user, "--"] + argv : argv
    }

    /// sway's `sway-ipc.UID.PID.sock` in `directory`, once it exists.
    private static func ipcSocket(in directory: TemporaryDirectory) -> String? {
        guard let listing = ProcessRunner.output(["ls", directory.path]) else { return nil }
        return listing.split(separator: "\n").first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }.map {
            directory.file(String($0))
        }
    }

    /// Starts `argv` through sway's `exec`, from a script file; the pid of `argv`, once it runs.
    package func exec(_ terminalArgv: [String], running argv: [String], name: String) throws -> Int32 {
        let script = try PidFile.script(name, in: directory, then: argv)
        guard
            (try? I3IPC.command(
                "exec " + (terminalArgv + [script]).joined(separator: " "),
                socket: socket,
                timeout: .seconds(5)
            )) != nil
        else {
            throw TestFailure("sway exec failed")
        }
        return try PidFile.pid(name + ".pid", in: directory)
    }

    /// Keeps a virtual keyboard attached (wtype holding shift): without one the seat has no
    /// keyboard and terminals get no focus events.
    package func attachKeyboard() throws {
        keyboard = try BackgroundProcess(
            Self.asUser(["wtype", "-s", "90000", "-M", "shift", "-m", "shift"]),
            environment: TestEnvironment.base(["XDG_RUNTIME_DIR": directory.path, "WAYLAND_DISPLAY": "wayland-1"]),
            log: directory.file("wtype.log")
        )
    }

    /// Presses `key` with Alt held, on a virtual keyboard of its own, as the session's user
    /// (`wtype -M alt w -m alt`): a key binding, as a user's.
    package func pressWithAlt(_ key: String) throws {
        let argv = Self.asUser(["wtype", "-M", "alt", key, "-m", "alt"])
        guard TestEnvironment.output(argv, ["XDG_RUNTIME_DIR": directory.path, "WAYLAND_DISPLAY": "wayland-1"]) != nil
        else {
            throw TestFailure("wtype alt+\(key) failed")
        }
    }

    deinit {
        keyboard?.stop()
        _ = try? I3IPC.command("exit", socket: socket, timeout: .seconds(1))
        sway.stop()
    }
}

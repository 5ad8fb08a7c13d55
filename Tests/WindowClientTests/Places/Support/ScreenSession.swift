import TestSupport
import WindowClient

/// A GNU screen session with a unique name in the user's usual socket directory (so that
/// `screen -S NAME` finds it from anywhere, as for a real user), window 0 running `command`.
final class ScreenSession: @unchecked Sendable {
    let name: String
    let directory: TemporaryDirectory
    private var display: BackgroundProcess?

    init(command: [String]) throws {
        directory = try TemporaryDirectory("screen")
        name = "wp-" + String(directory.path.split(separator: "-").last ?? "s")
        guard
            ProcessRunner.run(
                ["screen", "-dmS", name] + command,
                environment: TestEnvironment.base(),
                timeout: .seconds(10)
            )
        else {
            throw TestFailure("screen -dmS failed")
        }
        guard Poll.until({ self.windows() != nil }) else { throw TestFailure("screen session \(name) did not come up") }
    }

    /// `screen -S NAME ARGS`, its output.
    @discardableResult
    func screen(_ arguments: [String]) -> String? {
        TestEnvironment.output(["screen", "-S", name] + arguments)
    }

    /// The windows (`-Q windows`): number and whether it is the current one (`*`).
    func windows() -> [(number: String, current: Bool)]? {
        screen(["-Q", "windows"]).map(ScreenVisibility.windows(in:))
    }

    /// The current window's number.
    func currentWindow() -> String? {
        windows()?.first { $0.current }?.number
    }

    /// Attaches a display (screen ignores `select` while none is): `screen -r` on a
    /// pseudo-terminal of its own, 100x30.
    func attachDisplay() throws {
        display = try BackgroundProcess(
            ["script", "-qfc", "stty cols 100 rows 30; screen -r \(name)", "/dev/null"],
            environment: TestEnvironment.base(["TERM": "xterm"]),
            log: directory.file("display.log")
        )
        guard Poll.until({ self.windows()?.contains { $0.current } == true }) else {
            throw TestFailure("no display attached to screen \(name)")
        }
    }

    deinit {
        screen(["-X", "quit"])
        display?.stop()
    }
}

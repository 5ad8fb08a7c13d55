import Glibc
public import WindowProtocol

/// Carries out ``PlaceStep``s: programs spawned from an argv (never a shell) with stdio on
/// `/dev/null`; kitty, i3, sway and niri spoken to directly over their sockets, each read and
/// write with a deadline. Blocking: call it off an event loop.
public enum PlaceActions {
    /// Brings `place` to front, every level; whether every step succeeded.
    @discardableResult
    public static func bringToFront(_ place: Place, timeout: Duration = .seconds(2)) -> Bool {
        perform(PlaceCommands.bringToFront(place), timeout: timeout).allSatisfy { $0 == .done }
    }

    /// Carries out `steps` in order, going on after a failure (an outer level may still work);
    /// one result per step.
    public static func perform(_ steps: [PlaceStep], timeout: Duration = .seconds(2)) -> [PlaceStepResult] {
        steps.map { perform($0, timeout: timeout) }
    }

    /// Carries out one step.
    public static func perform(_ step: PlaceStep, timeout: Duration = .seconds(2)) -> PlaceStepResult {
        do {
            switch step {
            case .run(let arguments):
                return ProcessRunner.failure(of: arguments, timeout: timeout).map(PlaceStepResult.failed) ?? .done
            case .startTerminal(let launch):
                return startTerminal(launch, timeout: timeout)
            case .kittyRemoteControl(let listenOn, let pid, let command):
                try KittyRemoteControl.send(command, to: listenOn, pid: pid, timeout: timeout)
            case .i3IPC(let socket, let type, let payload):
                if type == I3MessageType.runCommand {
                    try I3IPC.command(payload, socket: socket, timeout: timeout)
                } else {
                    _ = try I3IPC.request(type: type, payload: payload, socket: socket, timeout: timeout)
                }
            case .x11Raise(let display, let window):
                guard let id = UInt32(window) else { return .failed("X11 window \(window) is not a window id") }
                try X11Client(display: display, timeout: timeout).raise(id)
            case .niriFocusWindow(let socket, let pid):
                try NiriIPC.focusWindow(ofProcess: pid, socket: socket, timeout: timeout)
            }
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    /// Starts the first candidate emulator that exists, detached (`setsid -f`: a session of
    /// its own, reaped by init, so that the caller has no child to wait for).
    private static func startTerminal(_ launch: TerminalLaunch, timeout: Duration) -> PlaceStepResult {
        for candidate in launch.candidates {
            let program: String?
            switch candidate {
            case .program(let name):
                program = ProcessRunner.isExecutable(name, path: launch.environment["PATH"]) ? name : nil
            case .sameAs(let pid):
                program = ProcessTable.executable(of: pid).flatMap(TerminalEmulator.program(forRunning:))
            case .running:
                program = ProcessTable.newestTerminal().flatMap(TerminalEmulator.program(forRunning:))
            }
            guard let program else { continue }
            let command = TerminalEmulator.command(program: program, title: launch.title, argv: launch.argv)
            return ProcessRunner.run(["setsid", "-f"] + command, environment: launch.environment, timeout: timeout)
                ? .done : .failed("could not start \(program)")
        }
        return .failed("no terminal emulator found: set $TERMINAL, or install xdg-terminal-exec or x-terminal-emulator")
    }
}

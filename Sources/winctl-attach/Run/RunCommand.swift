import ArgumentParser
import Glibc
import POSIXSupport
import WinctlOutput
import WindowClient
import WindowKit

/// `winctl run`'s presenter side: the window presented already is brought to front; else this
/// terminal presents it, running the program (``RunPresenter``); without windowd the program
/// runs alone.
enum RunCommand {
    /// What `winctl run` asked for.
    struct Request {
        var group: String
        var value: String?
        var program: [String]
        var keep: Bool
        var socketPath: String
        var app: String?
        /// winctl's `--timeout`: how long windowd may take to answer; `nil` waits forever.
        var timeout: Duration?
        /// The terminal's settings from before winctl took it raw; `nil` if it did not.
        var terminalBefore: termios?
    }

    /// Runs `request` to its end.
    static func run(_ request: Request) async -> PresenterExit {
        // Long enough for any restart: a program is never ended because windowd is away.
        let options = ConnectionOptions(
            socketPath: request.socketPath,
            clientName: "winctl run",
            reconnectFor: .seconds(365 * 24 * 3_600),
            requestTimeout: request.timeout ?? .seconds(365 * 24 * 3_600)
        )
        let value = request.value.map { WindowValue.string($0) } ?? WindowValue.none
        // What this run asks of a window presented already: the program's arguments but the file.
        let asked = RunEnvironment.request(program: request.program, value: request.value)
        // Caught from the start: a resize, or a signal sent from outside (kill -TSTP), while the
        // window is being attached is handled once the program runs (passed on to it), not lost
        // or stopping run halfway.
        guard
            let signals = SignalPipe(catching: [SIGCHLD, SIGWINCH, SIGCONT, SIGTSTP, SIGINT, SIGTERM, SIGHUP, SIGQUIT])
        else {
            Console.error("cannot catch signals: \(String(cString: strerror(errno)))")
            return .status(ExitStatus.unavailable.rawValue)
        }
        // Raw from here on (from winctl's start, which took it already): the keys typed while the
        // window is attached wait for the program's terminal. Every way out before the program
        // runs gives the terminal back as it was first, before anything is written or another
        // program runs in run's place.
        let terminal = RunProgram.takeTerminal(settingsBefore: request.terminalBefore)
        let scene: WindowScene
        do {
            switch try await WindowScene.present(group: request.group, value: value, request: asked, options: options) {
            case .presenting(let presented):
                scene = presented
            case .broughtToFront(let opened):
                terminal?.restore()
                OpenText.broughtToFront(opened.window, opened.outcome, notPassedOn: opened.notPassedOn)
                return .status(0)
            }
        } catch let error as WindowKitError where runsWithoutWindow(after: error) {
            terminal?.restore()
            // An alias of run must never keep the user from working: the program alone.
            Console.error("\(error.message); running \(request.program[0]) without a window")
            return .status(RunProgram.exec(request.program))
        } catch let error as WindowKitError {
            terminal?.restore()
            return .reporting(error)
        } catch {
            terminal?.restore()
            Console.error("\(error)")
            return .status(ExitStatus.unavailable.rawValue)
        }
        // Named as users look for it (winctl(1), "run"): winctl in ps, top and pgrep -x, which
        // then find the program once; its title begins with the program's command line, after
        // whose first word tmux names the pane. Before the program starts, so that its session
        // leader, a fork of this process, is named so too.
        ProcessTitle.rename("winctl", title: (request.program + ["(winctl run)"]).joined(separator: " "))
        let variables = RunEnvironment.variables(window: scene.window, socketPath: request.socketPath, app: request.app)
        let program: RunProgram
        do {
            program = try RunProgram(
                request.program,
                environment: RunEnvironment.merged(variables, into: OwnPlace.environment()),
                terminal: terminal
            )
        } catch {
            terminal?.restore()
            Console.error(error.message)
            if !request.keep { _ = try? await scene.app.dismissWindow(id: scene.id) }
            await scene.close()
            return .status(error.status)
        }
        let presenter = RunPresenter(scene: scene, program: program, terminal: terminal, keep: request.keep)
        return await presenter.run(signals: signals)
    }

    /// Whether after `error` the program runs without a window: windowd is not there for this
    /// run (its socket missing, no answer within `--timeout`, the connection gone) or has no
    /// room for it (a limit: `max_clients`, `max_windows`, …), rather than refusing this
    /// window (an unknown group, a bad value).
    static func runsWithoutWindow(after error: WindowKitError) -> Bool {
        switch error.code {
        case .unreachable, .timedOut, .interrupted, .closed: true
        case .refused: error.reason == .limitExceeded
        default: false
        }
    }
}

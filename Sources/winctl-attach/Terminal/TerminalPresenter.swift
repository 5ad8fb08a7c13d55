import ArgumentParser
import Glibc
import WinctlOutput
import WindowClient
import WindowKit

/// `winctl attach` on a terminal: the window as a full-screen view (winctl(1), Attached terminals), on WindowKit.
///
/// ```swift
/// let ending = await TerminalPresenter(scene: scene, socketPath: path, giveUp: .seconds(60))!.run()
/// ```
///
/// One loop over the keyboard, the signals and the scene's sequences: WindowKit's
/// `SceneTerminal`, which also takes the terminal over and gives it back, and sets the window's
/// phase from focus reports, Ctrl-Z and SIGCONT. The scene's current values make a
/// ``PresenterModel``; ``RootView`` turns it into a frame, and `SceneTerminal` writes only the rows
/// that changed, in one synchronized update. WindowKit re-attaches after windowd restarts and reconnects
/// with backoff; after `--give-up` without the daemon the presenter ends.
final class TerminalPresenter {
    /// How long the bring-to-front highlight stays.
    static let highlightDuration: Duration = .seconds(3)

    /// The window presented.
    let scene: WindowScene
    /// The daemon's socket, named while reconnecting.
    let socketPath: String
    /// The terminal side: raw mode, focus → phase, suspend, signals and the merged events.
    let terminal: SceneTerminal
    /// How long the daemon may be gone.
    let giveUp: Duration
    /// The selected panel, kept in scene storage (`ui.panel`).
    let storedPanel: SceneStorage<String>
    /// What the view shows.
    var model: PresenterModel
    /// When the bring-to-front highlight goes.
    var highlightEnds: ContinuousClock.Instant?
    /// Since when the daemon is gone.
    var outageSince: ContinuousClock.Instant?
    /// `daemon.stopping` was said; the link shows it until the connection changes.
    var stopping = false

    /// A presenter of `scene`'s window; `nil` if signals cannot be caught.
    init?(scene: WindowScene, socketPath: String, giveUp: Duration) {
        guard let terminal = SceneTerminal(scene: scene) else { return nil }
        self.scene = scene
        self.terminal = terminal
        self.socketPath = socketPath
        self.giveUp = giveUp
        storedPanel = scene.storage(Panel.storageKey, default: Panel.windows.rawValue)
        model = PresenterModel(attached: PresenterScene.attachResult(scene), socketPath: socketPath)
        refresh()
    }

    /// Presents until the window is dismissed, `q` detaches it, a signal ends it or the daemon is
    /// gone for good; gives the terminal back and closes the connection, then says why.
    func run() async -> PresenterExit {
        let ending: PresenterEnding?
        do throws(SceneTerminal.Unavailable) {
            ending = try await terminal.run(tick: .milliseconds(500)) { event in
                let ending = await handle(event)
                if ending == nil { draw() }
                return ending
            }
        } catch {
            Console.error("cannot take over the terminal: \(String(cString: strerror(error.errno))) (use --no-tty)")
            await scene.close()
            return .status(ExitStatus.unavailable.rawValue)
        }
        return await finish(ending ?? .signal(SIGHUP))
    }

    /// Draws the model, writing only the rows that changed.
    func draw() {
        terminal.draw(RootView.frame(model, size: terminal.size))
    }

    private func finish(_ ending: PresenterEnding) async -> PresenterExit {
        var exit = PresenterExit.status(0)
        switch ending {
        case .detached(let window):
            // Without windowd there is nothing to detach from: the closed connection says it all.
            let connected = scene.app.connectionStatus == .connected
            let detached = connected ? (try? await scene.detach()) ?? window : window
            Console.output("detached from \(ValueText.window(detached))")
        case .dismissed(let window, let reason):
            Console.output(DismissText.line(window, reason: reason))
        case .gaveUp(let path, let gone):
            Console.error("windowd at \(path) has been gone for \(gone.components.seconds)s; giving up (--give-up)")
            exit = .status(ExitStatus.unavailable.rawValue)
        case .failed(let error):
            exit = .reporting(error)
        case .signal(let signal):
            exit = .signal(signal)
        }
        await scene.close()
        return exit
    }
}

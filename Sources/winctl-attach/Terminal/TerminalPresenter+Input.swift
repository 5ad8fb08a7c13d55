#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowKit
import WindowTerminal

/// Signals and keys: the terminal's side of the presenter.
extension TerminalPresenter {
    /// Resizes, suspends or resumes on `signal`; any other caught signal ends the presenter.
    func handle(signal: Int32) async -> PresenterEnding? {
        switch signal {
        case SIGWINCH:
            size = TerminalSize.of(terminal.output) ?? size
        case SIGTSTP:
            await suspend()
        case SIGCONT:
            await resume()
        default:
            return .signal(signal)
        }
        return nil
    }

    /// Acts on the keys and reports in `bytes`.
    func readInput(_ bytes: [UInt8]) async -> PresenterEnding? {
        for event in input.feed(bytes) {
            if model.highlighted, event != .focusIn, event != .focusOut {
                model.highlighted = false
                highlightEnds = nil
            }
            switch event {
            case .detach: return .detached(model.window)
            case .interrupt: return .signal(SIGINT)
            case .suspend: await suspend()
            case .nextPanel: select(model.panel.next)
            case .previousPanel: select(model.panel.previous)
            case .redraw: screen = nil
            case .focusIn: await report(phases.handle(.focusIn))
            case .focusOut: await report(phases.handle(.focusOut))
            case .other: break
            }
        }
        return nil
    }

    /// Reports `background`, gives the terminal back and stops; SIGCONT brings it back (``resume()``).
    func suspend() async {
        await report(phases.handle(.suspend), waiting: true)
        terminal.restore()
        kill(getpid(), SIGSTOP)
    }

    /// Takes the terminal again after SIGCONT, draws it whole and reports `active`.
    func resume() async {
        terminal.enter()
        size = TerminalSize.of(terminal.output) ?? size
        screen = nil
        await report(phases.handle(.resume))
    }

    /// Selects `panel` and keeps the choice in the window's scene storage (`ui.panel`).
    func select(_ panel: Panel) {
        model.panel = panel
        storedPanel.value = panel.rawValue
        model.storage = scene.storageValues
    }

    /// Tells the daemon this window's `phase`, if there is one to tell. While windowd is away it
    /// goes when windowd is back (and the window re-attaches in it); the loop never waits for it.
    /// Before a suspend the answer is awaited, so that the daemon has `background` before the stop.
    func report(_ phase: ScenePhase?, waiting: Bool = false) async {
        guard let phase else { return }
        if waiting, scene.app.connectionStatus == .connected {
            _ = try? await scene.setPhase(phase)
        } else {
            scene.requestPhase(phase)
        }
        refresh()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowClient
import WindowProtocol
import WindowTerminal

/// Signals and keys: the terminal's side of the presenter.
extension TerminalPresenter {
    /// Resizes, suspends or resumes on `signal`; any other caught signal ends the presenter.
    func handle(signal: Int32) -> PresenterEnding? {
        switch signal {
        case SIGWINCH:
            size = TerminalSize.of(terminal.output) ?? size
        case SIGTSTP:
            suspend()
        case SIGCONT:
            resume()
        default:
            return .signal(signal)
        }
        return nil
    }

    /// Reads the keys and reports that are ready and acts on them.
    func readInput() -> PresenterEnding? {
        var buffer = [UInt8](repeating: 0, count: 1_024)
        let count = read(terminal.input, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return nil }
        // Nothing to read from a terminal in raw mode means it hung up.
        guard count > 0 else { return .signal(SIGHUP) }
        for event in input.feed(buffer[..<count]) {
            if model.highlighted, event != .focusIn, event != .focusOut {
                model.highlighted = false
                highlightEnds = nil
            }
            switch event {
            case .detach: return .detached(model.window)
            case .interrupt: return .signal(SIGINT)
            case .suspend: suspend()
            case .nextPanel: select(model.panel.next)
            case .previousPanel: select(model.panel.previous)
            case .redraw: screen = nil
            case .focusIn: report(phases.handle(.focusIn))
            case .focusOut: report(phases.handle(.focusOut))
            case .other: break
            }
        }
        return nil
    }

    /// Reports `background`, gives the terminal back and stops; SIGCONT brings it back (``resume()``).
    func suspend() {
        report(phases.handle(.suspend))
        terminal.restore()
        kill(getpid(), SIGSTOP)
    }

    /// Takes the terminal again after SIGCONT, draws it whole and reports `active`.
    func resume() {
        terminal.enter()
        size = TerminalSize.of(terminal.output) ?? size
        screen = nil
        report(phases.handle(.resume))
    }

    /// Selects `panel` and keeps the choice in the window's scene storage.
    func select(_ panel: Panel) {
        model.panel = panel
        storePanel()
    }

    /// Writes the selected panel to scene storage (`ui.panel`).
    func storePanel() {
        let params = StorageSet.Params(id: link.windowID, key: Panel.storageKey, value: model.panel.storageValue)
        do {
            model.adopt(storage: try link.call(StorageSet.self, params).storage)
        } catch .refused {
            // Too much storage, say: the panel still switches, it is just not kept.
        } catch {
            lost()
        }
    }

    /// Tells the daemon this window's `phase`, if there is one to tell.
    func report(_ phase: ScenePhase?) {
        guard let phase, link.connection != nil else { return }
        do {
            let result = try link.call(SceneSetPhase.self, SceneSetPhase.Params(id: link.windowID, phase: phase))
            model.update(result.window)
            model.aggregate = result.aggregate
        } catch .refused {
            // A phase refused leaves the window presented as it was.
        } catch {
            lost()
        }
    }
}

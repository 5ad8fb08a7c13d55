import Glibc
import WindowKit

/// Keys: the presenter's own part of the terminal (`SceneTerminal` has decoded them, and taken
/// focus reports, Ctrl-Z and the signals out before).
extension TerminalPresenter {
    /// Acts on `key`: `q` detaches, Ctrl-C leaves as SIGINT, Tab and Shift-Tab switch panels,
    /// Ctrl-L redraws; any key ends the bring-to-front highlight.
    func read(_ key: Key) -> PresenterEnding? {
        if model.highlighted {
            model.highlighted = false
            highlightEnds = nil
        }
        switch key {
        case .character("q"), .character("Q"): return .detached(model.window)
        case .control("c"): return .signal(SIGINT)
        case .tab: select(model.panel.next)
        case .backTab: select(model.panel.previous)
        case .control("l"): terminal.redrawWhole()
        default: break
        }
        return nil
    }

    /// Selects `panel` and keeps the choice in the window's scene storage (`ui.panel`).
    func select(_ panel: Panel) {
        model.panel = panel
        storedPanel.value = panel.rawValue
        model.storage = scene.storageValues
    }
}

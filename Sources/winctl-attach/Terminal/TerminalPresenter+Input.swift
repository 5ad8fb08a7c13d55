#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowKit
import WindowTerminal

/// Keys: the presenter's own part of the terminal (`SceneTerminal` has taken focus reports,
/// Ctrl-Z and the signals out before).
extension TerminalPresenter {
    /// Acts on the keys in `bytes`.
    func readInput(_ bytes: [UInt8]) -> PresenterEnding? {
        for event in input.feed(bytes) {
            if model.highlighted, event != .focusIn, event != .focusOut {
                model.highlighted = false
                highlightEnds = nil
            }
            switch event {
            case .detach: return .detached(model.window)
            case .interrupt: return .signal(SIGINT)
            case .nextPanel: select(model.panel.next)
            case .previousPanel: select(model.panel.previous)
            case .redraw: screen = nil
            case .suspend, .focusIn, .focusOut, .other: break
            }
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

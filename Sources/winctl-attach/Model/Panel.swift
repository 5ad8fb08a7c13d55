import WindowKit
import WindowProtocol

/// The panels of the main view, switched with Tab; the selection is kept in scene storage.
enum Panel: String, CaseIterable, Hashable, Sendable {
    /// The other windows of the app, with their phases.
    case windows
    /// This window's scene storage.
    case storage

    /// The scene-storage key that holds the selected panel: UI state that comes back with the window.
    static let storageKey = "ui.panel"

    /// The panel `storage` names under ``storageKey``, or `nil` if it names none.
    init?(storage: [String: JSONValue]) {
        guard case .string(let name)? = storage[Panel.storageKey], let panel = Panel(rawValue: name) else { return nil }
        self = panel
    }

    /// The panel after this one, wrapping around.
    var next: Panel {
        let all = Panel.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The panel before this one, wrapping around.
    var previous: Panel {
        let all = Panel.allCases
        return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
    }

    /// The name on its tab.
    var title: String {
        switch self {
        case .windows: return "Windows"
        case .storage: return "Storage"
        }
    }
}

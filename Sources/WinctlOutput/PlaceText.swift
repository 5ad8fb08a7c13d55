import WindowProtocol

/// How a place reads in winctl's table: its kind and its main identifier (`tmux:%3`,
/// `kitty:2`, `sway:4242`), inner first, the outer places after a `/` (`tmux:%3/kitty:2`).
package enum PlaceText {
    /// The place as one word; `-` for none.
    package static func word(_ place: Place?) -> String {
        guard let place else { return "-" }
        return place.levels.map(level).joined(separator: "/")
    }

    /// One level: `kind:id`, or the kind alone when it has no identifier.
    private static func level(_ place: Place) -> String {
        guard let id = mainID(place) else { return place.kind.rawValue }
        return place.kind.rawValue + ":" + id
    }

    /// The identifier that names the place among others of its kind.
    private static func mainID(_ place: Place) -> String? {
        switch place.kind {
        case .tmux, .wezterm, .zellij: return place.pane
        case .screen: return place.window
        case .kitty: return place.windowID
        case .x11, .i3: return place.window ?? place.pid.map(String.init)
        case .sway, .hyprland, .niri, .terminal: return place.conID.map(String.init) ?? place.pid.map(String.init)
        }
    }
}

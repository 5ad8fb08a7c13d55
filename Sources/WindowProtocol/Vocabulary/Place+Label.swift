extension Place {
    /// A short text for people (`winctl list`, logs): each level's kind and main identifier,
    /// innermost first, e.g. `tmux %3 in kitty 1 in sway pid 4242`.
    public var label: String {
        levels.map(\.levelLabel).joined(separator: " in ")
    }

    private var levelLabel: String {
        let identifier: String?
        switch kind {
        case .tmux, .wezterm, .zellij: identifier = pane
        case .screen: identifier = window.map { "window " + $0 }
        case .kitty: identifier = windowID
        case .x11, .i3: identifier = conID.map { "con " + String($0) } ?? window
        case .sway, .hyprland, .niri, .terminal:
            identifier = conID.map { "con " + String($0) } ?? pid.map { "pid " + String($0) }
        }
        return identifier.map { kind.rawValue + " " + $0 } ?? kind.rawValue
    }
}

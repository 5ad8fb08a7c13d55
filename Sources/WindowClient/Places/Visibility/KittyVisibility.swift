public import WindowProtocol

/// Whether kitty shows one of its windows, from its remote control's `ls`: the window is shown
/// while its tab is its OS window's active tab (`is_active_tab`), with the focus while it is
/// that tab's focused window (`is_focused`). kitty's remote control has
/// no events to subscribe to, so a watcher asks `ls` every ``interval`` (the cost is in
/// ARCHITECTURE.md, "Visibility").
public enum KittyVisibility {
    /// How often a watcher asks, while the window does not have the focus: often enough to see a
    /// change of tab within a quarter second.
    public static let interval: Duration = .milliseconds(200)

    /// The `ls` message.
    public static var list: JSONValue { KittyMessage.command("ls", payload: [:]) }

    /// Whether kitty window `windowID` is shown, from `ls`'s data (a JSON text, or its parsed
    /// value); `nil` when kitty has no such window.
    public static func visibility(ofWindow windowID: String, in data: JSONValue) -> Visibility? {
        let data =
            if case .string(let text) = data, let parsed = try? JSONParser.parse(Array(text.utf8)) { parsed } else {
                data
            }
        guard case .array(let osWindows) = data, let id = Int64(windowID) else { return nil }
        for case .object(let osWindow) in osWindows {
            guard case .array(let tabs)? = osWindow["tabs"] else { continue }
            for case .object(let tab) in tabs {
                guard case .array(let windows)? = tab["windows"] else { continue }
                for case .object(let window) in windows where window["id"] == .int(id) {
                    guard tab["is_active_tab"] == .bool(true) else { return .hidden }
                    return window["is_focused"] == .bool(true) ? .shown : .unfocused
                }
            }
        }
        return nil
    }
}

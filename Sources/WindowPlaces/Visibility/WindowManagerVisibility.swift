public import WindowProtocol

/// Whether i3 or sway shows a terminal's window, from their IPC: subscribed to `window`,
/// `workspace` and (where the version has them) `output` events, each of which may move a window or a workspace, and asked
/// after them for the tree (to find the window's workspace) and the workspaces (which ones an
/// output shows). No polling: a watcher reads its subscription and nothing else.
///
/// The window is found by its container id when the place has one, else by its X11 window id
/// (i3, `$WINDOWID`), else by its terminal's process id (sway). A window in the scratchpad is on
/// no visible workspace: hidden.
public enum WindowManagerVisibility {
    /// The events a watcher subscribes to, in order of preference: sway before 1.8 refuses the
    /// whole subscription when it names `output`, and its workspace events cover what an output
    /// change does to workspaces.
    public static let subscriptions = [#"["window","workspace","output"]"#, #"["window","workspace"]"#]

    /// Whether `place` (an i3 or sway place) is shown, from a `GET_TREE` reply and a
    /// `GET_WORKSPACES` reply; `nil` when the window is not in the tree.
    public static func visibility(of place: Place, tree: JSONValue, workspaces: JSONValue) -> Visibility? {
        guard let found = workspace(of: place, in: tree, enclosing: nil), case .array(let list) = workspaces else { return nil }
        guard let workspace = found else { return .hidden }
        let shown = list.contains { entry in
            guard case .object(let members) = entry else { return false }
            return members["id"] == .int(workspace) && members["visible"] == .bool(true)
        }
        return shown ? .shown : .hidden
    }

    /// The id of the workspace that holds `place`'s window in `node`, the workspace around it
    /// being `enclosing`: `.some(nil)` for a window on no workspace, `nil` when it is not there.
    private static func workspace(of place: Place, in node: JSONValue, enclosing: Int64?) -> Int64?? {
        guard case .object(let members) = node else { return nil }
        var enclosing = enclosing
        if members["type"] == .string("workspace"), case .int(let id)? = members["id"] { enclosing = id }
        if isWindow(of: place, members) { return .some(enclosing) }
        for key in ["nodes", "floating_nodes"] {
            guard case .array(let children)? = members[key] else { continue }
            for child in children {
                if let found = workspace(of: place, in: child, enclosing: enclosing) { return found }
            }
        }
        return nil
    }

    /// Whether the node whose members are `members` is `place`'s window.
    private static func isWindow(of place: Place, _ members: [String: JSONValue]) -> Bool {
        if let conID = place.conID { return members["id"] == .int(conID) }
        if let window = place.window.flatMap({ Int64($0) }) { return members["window"] == .int(window) }
        if let pid = place.pid { return members["pid"] == .int(Int64(pid)) }
        return false
    }
}

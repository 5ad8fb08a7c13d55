public import WindowProtocol

/// Whether i3 or sway shows a terminal's window, from their IPC: subscribed to `window`,
/// `workspace` and (where the version has them) `output` events, each of which may move a window or a workspace, and asked
/// after them for the tree (to find the window's workspace) and the workspaces (which ones an
/// output shows). No polling: a watcher reads its subscription and nothing else.
///
/// The window is found by its container id when the place has one, else by its X11 window id
/// (i3, `$WINDOWID`), else by its terminal's process id (sway). A window in the scratchpad is on
/// no visible workspace: hidden. So is a window in a tab of a tabbed or stacked container that
/// the container does not show: the tab shown is the tiling child its `focus` list names first
/// (a tab switch is a `window` `focus` event).
public enum WindowManagerVisibility {
    /// The events a watcher subscribes to, in order of preference: sway before 1.8 refuses the
    /// whole subscription when it names `output`, and its workspace events cover what an output
    /// change does to workspaces. A layout change (tabbed, stacked) sends no event of its own:
    /// `binding` is the key that made it (a layout command sent over IPC alone goes unseen until
    /// the next event).
    public static let subscriptions = [
        #"["window","workspace","output","binding"]"#, #"["window","workspace","binding"]"#, #"["window","workspace"]"#,
    ]

    /// Whether `place` (an i3 or sway place) is shown, from a `GET_TREE` reply and a
    /// `GET_WORKSPACES` reply; `nil` when the window is not in the tree.
    public static func visibility(of place: Place, tree: JSONValue, workspaces: JSONValue) -> Visibility? {
        guard let found = location(of: place, in: tree, within: Location(workspace: nil, behindTab: false)),
            case .array(let list) = workspaces
        else { return nil }
        guard let workspace = found.workspace, !found.behindTab else { return .hidden }
        let shown = list.contains { entry in
            guard case .object(let members) = entry else { return false }
            return members["id"] == .int(workspace) && members["visible"] == .bool(true)
        }
        return shown ? .shown : .hidden
    }

    /// The name of the workspace `place`'s window is on in a `GET_TREE` reply; `nil` in the
    /// scratchpad (i3's internal workspaces start `__`) or when the window is not in the tree.
    public static func workspace(of place: Place, in tree: JSONValue) -> String? {
        let name = location(of: place, in: tree, within: Location(workspace: nil, behindTab: false))?.name
        return name?.hasPrefix("__") == false ? name : nil
    }

    /// Where a window is in the tree: the workspace around it (`nil`: none, the scratchpad's
    /// windows are on no real one) and its name, and whether a tabbed or stacked container on
    /// the way down shows another of its tabs.
    private struct Location {
        var workspace: Int64?
        var name: String?
        var behindTab: Bool
    }

    /// The location of `place`'s window in `node`, reached through `outer`; `nil` when it is not there.
    private static func location(of place: Place, in node: JSONValue, within outer: Location) -> Location? {
        guard case .object(let members) = node else { return nil }
        var here = outer
        if members["type"] == .string("workspace"), case .int(let id)? = members["id"] {
            here.workspace = id
            if case .string(let name)? = members["name"] { here.name = name }
        }
        if isWindow(of: place, members) { return here }
        let tabbed = members["layout"] == .string("tabbed") || members["layout"] == .string("stacked")
        let shownTab = tabbed ? shownChild(members) : nil
        for key in ["nodes", "floating_nodes"] {
            guard case .array(let children)? = members[key] else { continue }
            for child in children {
                var inner = here
                if key == "nodes", let shownTab, case .object(let tab) = child, tab["id"] != .int(shownTab) {
                    inner.behindTab = true
                }
                if let found = location(of: place, in: child, within: inner) { return found }
            }
        }
        return nil
    }

    /// The id of the tiling child a tabbed or stacked container shows: the first of its `focus`
    /// list that is one of its `nodes` (a workspace's list names its floating windows too).
    private static func shownChild(_ members: [String: JSONValue]) -> Int64? {
        guard case .array(let focus)? = members["focus"], case .array(let children)? = members["nodes"] else {
            return nil
        }
        let tiling = Set(
            children.compactMap { child -> Int64? in
                guard case .object(let child) = child, case .int(let id)? = child["id"] else { return nil }
                return id
            }
        )
        for entry in focus {
            if case .int(let id) = entry, tiling.contains(id) { return id }
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

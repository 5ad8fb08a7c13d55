import WindowClient
import WindowProtocol

/// The windows in an i3 or sway layout tree (`GET_TREE`), asked over the IPC socket.
package enum WindowTree {
    /// A window: container id, X11 window id (i3) or pid (sway), title, whether it is focused,
    /// and the name of the workspace it is on.
    package struct Window {
        package var conID: Int64
        package var window: Int64?
        package var pid: Int32?
        package var name: String
        package var focused: Bool
        package var workspace: String?
    }

    /// Every window in the tree at `socket`.
    package static func windows(socket: String) -> [Window] {
        guard
            let bytes = try? I3IPC.request(
                type: I3MessageType.getTree,
                payload: "",
                socket: socket,
                timeout: .seconds(5)
            ),
            let tree = try? JSONParser.parse(bytes)
        else { return [] }
        var windows: [Window] = []
        collect(tree, on: nil, into: &windows)
        return windows
    }

    /// The focused window, if any.
    package static func focused(socket: String) -> Window? {
        windows(socket: socket).first { $0.focused }
    }

    private static func collect(_ node: JSONValue, on workspace: String?, into windows: inout [Window]) {
        guard case .object(let members) = node else { return }
        var workspace = workspace
        if members["type"] == .string("workspace"), case .string(let name)? = members["name"] { workspace = name }
        let window: Int64? = if case .int(let id)? = members["window"] { id } else { nil }
        let pid: Int32? = if case .int(let pid)? = members["pid"] { Int32(pid) } else { nil }
        if window != nil || pid != nil, case .int(let conID)? = members["id"] {
            let name: String = if case .string(let name)? = members["name"] { name } else { "" }
            windows.append(
                Window(
                    conID: conID,
                    window: window,
                    pid: pid,
                    name: name,
                    focused: members["focused"] == .bool(true),
                    workspace: workspace
                )
            )
        }
        for key in ["nodes", "floating_nodes"] {
            if case .array(let children)? = members[key] {
                children.forEach { collect($0, on: workspace, into: &windows) }
            }
        }
    }
}

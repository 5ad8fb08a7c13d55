import ArgumentParser
import WindowProtocol

/// What `winctl attach` presents: a window by id, or the window of a group for a value.
enum AttachTarget: Equatable {
    /// An existing window, by its whole id.
    case id(String)
    /// The window of `group` for `value`, opened if there is none.
    case group(String, value: String?)

    /// `ID`, `ID-PREFIX`, `GROUP` or `GROUP VALUE`, resolved against the daemon.
    ///
    /// One argument shaped like a UUID is an id. One argument of hex digits that starts some
    /// window's id is that window, unless a group has that name (a group wins; more digits or the
    /// whole id pick the window). Anything else is a group.
    static func resolve(_ first: String, _ second: String?, using client: DaemonClient) throws(ExitCode) -> AttachTarget
    {
        guard second == nil else { return .group(first, value: try client.value(second, of: first)) }
        if WindowIDPrefix.isWhole(first) { return .id(first.lowercased()) }
        guard WindowIDPrefix.couldStart(first) else { return .group(first, value: nil) }
        let windows = try client.call(WindowList.self, WindowList.Params(group: nil)).result.windows
        let match = WindowIDPrefix.match(first, among: windows)
        if match == .none { return .group(first, value: nil) }
        let groups = try client.call(DaemonGroups.self, NoParams()).result.groups
        if groups.contains(where: { $0.id == first }) { return .group(first, value: nil) }
        switch match {
        case .one(let window):
            return .id(window.id)
        case .several(let candidates):
            throw client.ambiguousWindow(first, candidates)
        case .none:
            return .group(first, value: nil)
        }
    }

    /// How `winctl-attach` is told this target: `--id=ID`, or `--group=GROUP` and `--value=VALUE`
    /// (`=`, so that a value starting with `-` stays a value).
    var presenterArguments: [String] {
        switch self {
        case .id(let id):
            return ["--id=" + id]
        case .group(let group, let value):
            return ["--group=" + group] + (value.map { ["--value=" + $0] } ?? [])
        }
    }
}

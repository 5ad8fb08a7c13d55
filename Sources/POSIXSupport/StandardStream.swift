import Glibc

/// Where one of a child's standard streams (0, 1 or 2) goes.
package enum StandardStream: Equatable, Sendable {
    /// `/dev/null`.
    case null
    /// The starter's own.
    case inherited
    /// A file, created or truncated (read from, for standard input).
    case file(String)
    /// A file, created or appended to.
    case appending(String)
    /// A descriptor of the starter's, duplicated onto the stream.
    case descriptor(Int32)
    /// Wherever standard output goes (for standard error only).
    case standardOutput

    /// Adds the action that puts this stream on descriptor `target` of the child.
    func redirect(_ target: Int32, _ actions: inout posix_spawn_file_actions_t) {
        let writing = O_WRONLY | O_CREAT
        switch self {
        case .inherited:
            break
        case .null:
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, target, path, target == 0 ? O_RDONLY : writing | O_TRUNC, 0o644)
        case .appending(let path):
            posix_spawn_file_actions_addopen(&actions, target, path, target == 0 ? O_RDONLY : writing | O_APPEND, 0o644)
        case .descriptor(let fd):
            posix_spawn_file_actions_adddup2(&actions, fd, target)
        case .standardOutput:
            posix_spawn_file_actions_adddup2(&actions, 1, target)
        }
    }
}

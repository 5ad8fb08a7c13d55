/// Why a child could not start.
package enum SpawnFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The argument vector was empty, or its program an empty string.
    case emptyCommand
    /// A call failed: `posix_spawnp` (its `call` is then the program; `ENOENT` for a program
    /// found nowhere on `PATH`), or the pipe for a captured output.
    case refused(SystemCallError)

    /// The error number; 0 for an empty command.
    package var errno: Int32 {
        switch self {
        case .emptyCommand: return 0
        case .refused(let error): return error.errno
        }
    }

    /// `program: reason`, or `empty command`.
    package var description: String {
        switch self {
        case .emptyCommand: return "empty command"
        case .refused(let error): return error.description
        }
    }
}

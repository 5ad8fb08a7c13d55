/// Why the state database could not be used.
package enum StoreOpeningError: Error, CustomStringConvertible, Sendable {
    /// The file is damaged or not a windowd database; `policy = refuse` keeps it where it is.
    case damaged(path: String, detail: String)
    /// The file was written by a newer windowd.
    case newerSchema(path: String, unknown: [String])
    /// The state directory cannot be made or used.
    case directory(path: String, detail: String)

    /// What was wrong, without the advice: for the log line of a file moved aside.
    package var detail: String {
        switch self {
        case .damaged(_, let detail), .directory(_, let detail): detail
        case .newerSchema(_, let unknown): "written by a newer windowd (migrations \(unknown.joined(separator: ", ")))"
        }
    }

    /// The message for the user: names the database file or directory and what to do about it.
    package var description: String {
        switch self {
        case .damaged(let path, let detail):
            return
                "the state database \(path) is damaged (\(detail)); move it aside or set state.on_damage = \"move-aside\""
        case .newerSchema(let path, let unknown):
            return
                "the state database \(path) was written by a newer windowd (migrations \(unknown.joined(separator: ", "))); upgrade windowd or move the file aside"
        case .directory(let path, let detail):
            return "cannot use the state directory \(path): \(detail)"
        }
    }
}

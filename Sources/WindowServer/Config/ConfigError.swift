/// A config that cannot be used: names the file, the line and the key, and what to do.
package struct ConfigError: Error, CustomStringConvertible, Sendable {
    /// The file read, or `<embedded defaults>`.
    package var file: String
    /// The 1-based line, when known.
    package var line: Int?
    /// The 1-based column, for a TOML syntax error.
    package var column: Int?
    /// The dotted key, e.g. `groups.detail.value`.
    package var key: String?
    /// What is wrong, in a sentence that names the key, e.g.
    /// `daemon.max_clients must be an integer, found a string ("many")`.
    package var message: String

    /// `file:line:column: message`, as compilers write it (the line and column when known).
    package var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text + ": " + message
    }
}

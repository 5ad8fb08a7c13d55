/// A config that cannot be used: names the file, the line and the key, and what to do.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    /// The file read, or `<embedded defaults>`.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The dotted key, e.g. `groups.detail.value`.
    public var key: String?
    /// What is wrong.
    public var message: String

    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key): " }
        return text + message
    }
}

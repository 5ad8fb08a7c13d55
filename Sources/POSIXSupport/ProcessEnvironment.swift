import Glibc

/// This process's environment as a dictionary: the base of a child's environment that adds
/// to it (a launch's `WINDOWD_WINDOW_ID`, a new terminal's display).
package enum ProcessEnvironment {
    /// Every variable of `environ`, by name.
    package static func current() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return environment
    }
}

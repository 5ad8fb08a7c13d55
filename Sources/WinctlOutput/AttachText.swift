package import WindowProtocol

/// What `winctl attach` prints about the window it presents.
package enum AttachText {
    /// `attached to ID GROUP VALUE: phase P, aggregate A, STATE`, then the scene storage if any.
    package static func lines(_ result: WindowAttach.Result) -> [String] {
        var lines = [
            "attached to \(ValueText.window(result.window)): phase \(result.window.phase.rawValue), aggregate \(result.phase.rawValue), state \(result.state)"
        ]
        if !result.storage.isEmpty {
            lines.append("storage \(JSONValue.object(result.storage).jsonText)")
        }
        return lines
    }
}

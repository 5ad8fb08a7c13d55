import WindowProtocol

/// The one rule for a string windowd keeps (a window value, a scene storage key, a user name)
/// or passes on as an argument (`{value}`, `{user}`): it holds no U+0000. SQLite's text and a
/// process's argv both end at that character, so such a string would be stored or passed cut
/// short; it is refused instead (windowd-protocol(7), "Strings"). JSON values in scene storage
/// are kept as JSON text, where U+0000 is written `\u0000`, and keep every character.
package enum KeptString {
    /// Refuses `text`, sent as the params' `member`, if it holds U+0000: `invalid_params`
    /// (`-32602`) naming the member.
    package static func check(_ text: String, member: String) throws(Refusal) {
        guard text.utf8.contains(0) else { return }
        throw .invalidArgument(
            "'\(member)' holds the character U+0000 (NUL), which windowd cannot keep or pass on: "
                + "\(JSONValue.quote(text)) would be cut short at it; send the \(member) without it"
        )
    }
}

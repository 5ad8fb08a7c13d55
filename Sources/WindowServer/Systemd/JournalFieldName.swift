/// Turns a metadata key into a valid journal field name.
///
/// Journal field names consist of `A`–`Z`, `0`–`9` and `_`, do not start with
/// `_` (reserved for fields the journal adds itself) or a digit, and are at
/// most 64 characters long. camelCase is split into words, so `window.id`,
/// `window_id` and `windowID` all become `WINDOW_ID`.
package enum JournalFieldName {
    /// The longest field name the journal accepts.
    package static let maximumLength = 64

    /// The prefix put before a name that would start with a digit or collide with a reserved name.
    package static let prefix = "META_"

    /// The name used for a key that has no letter or digit at all.
    package static let fallback = "METADATA"

    /// Returns the journal field name for `key`, prefixed when it is in `reserved` or starts with a digit.
    package static func make(from key: String, reserved: Set<String> = []) -> String {
        var name = snakeUpperCase(key)
        if name.isEmpty {
            name = fallback
        }
        if name.first!.isNumber || reserved.contains(name) {
            name = prefix + name
        }
        return String(name.prefix(maximumLength))
    }

    /// Upper-cases ASCII letters, splits camelCase with `_`, maps everything else to `_`,
    /// and collapses and trims the underscores.
    static func snakeUpperCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        var output = ""
        output.reserveCapacity(scalars.count + 4)
        for (index, scalar) in scalars.enumerated() {
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                output.append("_")
                continue
            }
            if isUpper(scalar), index > 0 {
                let previous = scalars[index - 1]
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                // `windowID` → WINDOW_ID; `HTTPServer` → HTTP_SERVER.
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && next.map(isLower) == true) {
                    output.append("_")
                }
            }
            output.append(String(scalar).uppercased())
        }
        return output.split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    private static func isLower(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}

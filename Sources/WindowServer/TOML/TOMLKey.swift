/// How keys are written: bare when they can be, quoted otherwise.
package enum TOMLKey {
    /// Whether `key` may be written bare: one or more of `A-Z a-z 0-9 _ -`.
    package static func isBare(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy(isBareKeyByte)
    }

    /// A key path as TOML writes it, e.g. `groups.detail.value` or `groups."two words"`.
    package static func dotted(_ path: [String]) -> String {
        path.map { isBare($0) ? $0 : TOMLValue.string($0).tomlText }.joined(separator: ".")
    }

    /// `A-Z a-z 0-9 _ -`: the bytes of a bare key.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}

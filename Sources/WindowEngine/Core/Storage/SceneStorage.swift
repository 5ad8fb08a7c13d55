package import WindowProtocol

/// A window's small JSON key/value map, with its size kept against a limit.
package struct SceneStorage: Sendable, Equatable {
    /// Key → value.
    package private(set) var values: [String: JSONValue]
    /// The bytes the map takes: each key plus its value as compact JSON.
    package private(set) var byteCount: Int

    /// A map holding `values`, as restored; the limit is checked only when a key is set.
    package init(values: [String: JSONValue] = [:]) {
        self.values = values
        self.byteCount = values.reduce(0) { $0 + Self.size(key: $1.key, value: $1.value) }
    }

    /// Sets `key`, unless the map would then exceed `limit` bytes.
    package mutating func set(_ key: String, to value: JSONValue, limit: Int, window: WindowID) throws(Refusal) {
        guard !key.isEmpty else { throw .invalidArgument("storage key must not be empty") }
        try KeptString.check(key, member: "key")
        let old = values[key].map { Self.size(key: key, value: $0) } ?? 0
        let new = Self.size(key: key, value: value)
        let total = byteCount - old + new
        guard total <= limit else {
            throw .refused(
                .limitExceeded,
                "scene storage of window \(window) would take \(total) bytes, over the limit of \(limit)"
            )
        }
        values[key] = value
        byteCount = total
    }

    /// Removes `key`; nothing happens if it is not set.
    package mutating func remove(_ key: String) {
        if let old = values.removeValue(forKey: key) {
            byteCount -= Self.size(key: key, value: old)
        }
    }

    private static func size(key: String, value: JSONValue) -> Int {
        key.utf8.count + value.jsonText.utf8.count
    }
}

/// `storage.get`: a window's scene storage, or one key of it.
public enum StorageGet: RPCMethod {
    /// The wire name.
    public static let name = "storage.get"

    /// The window, and optionally one key.
    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// Only this key (the result holds it if set).
        public var key: String?
        /// Params reading window `id`'s storage, or only `key`.
        public init(id: String, key: String? = nil) {
            self.id = id
            self.key = key
        }
    }

    /// The storage, or only `key` (empty when it is not set).
    public typealias Result = StorageResult
}

/// `storage.set`: set one key of a window's scene storage.
public enum StorageSet: RPCMethod {
    /// The wire name.
    public static let name = "storage.set"

    /// The window, the key and the value, which is kept exactly as sent.
    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// The key.
        public var key: String
        /// Any JSON value.
        public var value: JSONValue
        /// Params setting `key` of window `id` to `value`.
        public init(id: String, key: String, value: JSONValue) {
            self.id = id
            self.key = key
            self.value = value
        }
    }

    /// The whole storage after the change.
    public typealias Result = StorageResult
}

/// `storage.remove`: remove one key of a window's scene storage.
public enum StorageRemove: RPCMethod {
    /// The wire name.
    public static let name = "storage.remove"

    /// The window and the key to remove.
    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// The key.
        public var key: String
        /// Params removing `key` of window `id`.
        public init(id: String, key: String) {
            self.id = id
            self.key = key
        }
    }

    /// The whole storage after the change; removing a key that is not set changes nothing.
    public typealias Result = StorageResult
}

/// The scene storage of a window after a storage method.
public struct StorageResult: Codable, Sendable {
    /// Key → value.
    public var storage: [String: JSONValue]
    /// A reply holding `storage`.
    public init(storage: [String: JSONValue]) { self.storage = storage }
}

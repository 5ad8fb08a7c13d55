/// `storage.get`: a window's scene storage, or one key of it.
public enum StorageGet: RPCMethod {
    public static let name = "storage.get"

    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// Only this key (the result holds it if set).
        public var key: String?
        public init(id: String, key: String? = nil) {
            self.id = id
            self.key = key
        }
    }

    public typealias Result = StorageResult
}

/// `storage.set`: set one key of a window's scene storage.
public enum StorageSet: RPCMethod {
    public static let name = "storage.set"

    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// The key.
        public var key: String
        /// Any JSON value.
        public var value: JSONValue
        public init(id: String, key: String, value: JSONValue) {
            self.id = id
            self.key = key
            self.value = value
        }
    }

    public typealias Result = StorageResult
}

/// `storage.remove`: remove one key of a window's scene storage.
public enum StorageRemove: RPCMethod {
    public static let name = "storage.remove"

    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// The key.
        public var key: String
        public init(id: String, key: String) {
            self.id = id
            self.key = key
        }
    }

    public typealias Result = StorageResult
}

/// The scene storage of a window after a storage method.
public struct StorageResult: Codable, Sendable {
    /// Key → value.
    public var storage: [String: JSONValue]
    public init(storage: [String: JSONValue]) { self.storage = storage }
}

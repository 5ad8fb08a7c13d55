/// One key of a window's scene storage, typed, with a default: SwiftUI's `@SceneStorage`.
///
/// ```swift
/// let cursor = scene.storage("cursor", default: 0)
/// cursor.value            // the stored value, or 0
/// cursor.value += 1       // stored at once here, written through to the daemon in order
/// try await cursor.set(7) // written, and acknowledged (kept across kill -9 of windowd)
/// ```
///
/// Values are any `Codable`, stored as JSON exactly as encoded. A stored value that does not
/// decode as `Value` reads as the default. The value comes back after windowd restarts, and
/// with the window after the program that presents it starts again.
public struct SceneStorage<Value: Codable & Sendable>: Sendable {
    /// The key in the window's storage.
    public let key: String
    /// The value while none is stored.
    public let defaultValue: Value
    private let scene: WindowScene

    init(key: String, defaultValue: Value, scene: WindowScene) {
        self.key = key
        self.defaultValue = defaultValue
        self.scene = scene
    }

    /// The value: read from this side's copy of the storage; set writes it through without
    /// waiting (a write the daemon refuses, over the storage limit say, is undone here).
    public var value: Value {
        get {
            guard let stored = scene.connection.outputs.storage.value(key) else { return defaultValue }
            return (try? JSONValueDecoder().decode(Value.self, from: stored)) ?? defaultValue
        }
        nonmutating set {
            guard let json = try? SceneStorage.json(newValue) else { return }
            write(json) { _ in }
        }
    }

    /// Writes `newValue` and waits until the daemon has it. Throws ``WindowKitError`` (reason
    /// `limit_exceeded` past the window's storage limit).
    public func set(_ newValue: Value) async throws {
        let json = try SceneStorage.json(newValue)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            write(json) { continuation.resume(with: $0.map { _ in }.mapError { $0 }) }
        }
    }

    /// Removes the key: the value reads as the default again.
    public func remove() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            write(nil) { continuation.resume(with: $0.map { _ in }.mapError { $0 }) }
        }
    }

    /// Reads the key from the daemon (another client may have written it) and returns the value.
    public func reload() async throws -> Value {
        let connection = scene.connection
        let result = try await connection.call(StorageGet.self, StorageGet.Params(id: scene.id))
        connection.outputs.storage.replace(with: result.storage)
        return value
    }

    /// Records `json` (`nil`: removal) here and sends it; `completion` gets the daemon's answer.
    private func write(_ json: JSONValue?, completion: @escaping @Sendable (Result<Void, WindowKitError>) -> Void) {
        let connection = scene.connection
        let cache = connection.outputs.storage
        let key = self.key
        let previous = cache.value(key)
        cache.write(key, json)
        let answer: @Sendable (Result<StorageResult, WindowKitError>) -> Void = { result in
            cache.acknowledge(key, storage: try? result.get().storage, previous: previous)
            completion(result.map { _ in })
        }
        if let json {
            connection.submit(StorageSet.self, StorageSet.Params(id: scene.id, key: key, value: json)) { _, result in
                answer(result)
            }
        } else {
            connection.submit(StorageRemove.self, StorageRemove.Params(id: scene.id, key: key)) { _, result in
                answer(result)
            }
        }
    }

    private static func json(_ value: Value) throws -> JSONValue {
        try JSONParser.parse(JSONWriter.bytes(value))
    }
}

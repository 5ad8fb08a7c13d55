/// One wire method: its name, the params it takes and the result it returns.
///
/// Each method of windowd-protocol(7) is one type conforming to this, in its own file
/// under `Methods/`; the server registers them in one dispatch table.
public protocol RPCMethod: Sendable {
    /// The params object of the request.
    associatedtype Params: Codable & Sendable
    /// The result object of a successful response.
    associatedtype Result: Codable & Sendable
    /// The method name on the wire, e.g. `window.open`.
    static var name: String { get }
}

/// Params for methods that take none; any object (or none at all) is accepted.
public struct NoParams: Codable, Sendable, Equatable {
    /// No params; encodes as `{}`.
    public init() {}
}

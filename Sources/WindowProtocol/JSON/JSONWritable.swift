/// A wire type that writes itself as compact JSON straight into ``JSONBytes``, byte for byte
/// as its `Encodable` conformance writes through ``JSONWriter``, without Codable's generic
/// containers. The daemon's most frequent replies use it; `JSONWritableTests` prove that both
/// ways agree.
public protocol JSONWritable: Encodable {
    /// Appends the value's JSON to `json`.
    func write(to json: inout JSONBytes)
}

extension JSONWritable {
    /// The value's JSON.
    public var jsonBytes: [UInt8] {
        var json = JSONBytes()
        write(to: &json)
        return json.bytes
    }
}

/// A wire type that writes itself as compact JSON straight into ``JSONBytes``, byte for byte
/// as its `Encodable` conformance writes through ``JSONWriter``, without Codable's generic
/// containers. Only the replies of `window.open` and `scene.setPhase` (and what they hold) have
/// it, where the request path's profile asks for it (Benchmarks/README.md, "One declaration per
/// wire type"); every other reply is encoded from its `Codable` declaration. `JSONWritableTests`
/// prove that both ways agree.
package protocol JSONWritable: Encodable {
    /// Appends the value's JSON to `json`.
    func write(to json: inout JSONBytes)
}

extension JSONWritable {
    /// The value's JSON.
    package var jsonBytes: [UInt8] {
        var json = JSONBytes()
        write(to: &json)
        return json.bytes
    }

    /// The success response to request `id` with this value as its result, as
    /// `RPCResponse(id:result:)` writes it. Generic over the result only: a caller in another
    /// module that writes the generic `RPCResponse` runs its unspecialized code, which looks up
    /// `Optional<Result>`'s metadata and copies the result through value witnesses, per reply.
    package func responseBytes(id: RequestID?) -> [UInt8] {
        var json = JSONBytes()
        json.writeResponseHead(jsonrpc: "2.0", id: id)
        json.append(#","result":"#)
        write(to: &json)
        json.append(byte: UInt8(ascii: "}"))
        return json.bytes
    }
}

import WindowProtocol

/// A wire method whose `result` object is kept as it came, for `--json` and then for decoding.
enum RawResult<Method: RPCMethod>: RPCMethod {
    static var name: String { Method.name }
    typealias Params = Method.Params
    typealias Result = JSONValue
}

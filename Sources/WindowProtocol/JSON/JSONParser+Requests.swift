#if canImport(Glibc)
import Glibc
#endif

/// Parsing a request line straight into the members JSON-RPC reads, without building a
/// dictionary for the request object: the same strict grammar and the same values as
/// ``JSONParser/parse(_:)-(UnsafeRawBufferPointer)``, less work per request.
extension JSONParser {
    /// The members of a request object that JSON-RPC 2.0 reads; others are checked and dropped.
    /// As in a parsed object, a name given twice keeps its last value.
    package struct RequestMembers: Sendable, Equatable {
        /// `jsonrpc`.
        package var jsonrpc: JSONValue?
        /// `id`.
        package var id: JSONValue?
        /// `method`.
        package var method: JSONValue?
        /// `params`: an object's members as written, or another value.
        package var params: RequestParams?

        /// The members a parsed object holds.
        package init(_ members: [String: JSONValue]) {
            jsonrpc = members["jsonrpc"]
            id = members["id"]
            method = members["method"]
            params = members["params"].map(RequestParams.init)
        }

        init() {}
    }

    /// A request line: one value or a batch of them, each a request object or something else
    /// (`nil`), which is an invalid request.
    package enum RequestLine: Sendable, Equatable {
        /// One value that is not an array.
        case single(RequestMembers?)
        /// An array (`[]` included): a batch.
        case batch([RequestMembers?])
    }

    /// Parses one request line (surrounded by optional white space).
    package static func parseRequestLine(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> RequestLine {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let line: RequestLine
        if reader.current == UInt8(ascii: "[") {
            line = .batch(try reader.requestBatch())
        } else {
            line = .single(try reader.request(depth: 0))
        }
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw reader.failure("unexpected data after the value") }
        return line
    }
}

extension JSONParser.Reader {
    /// The elements of a batch, after its `[`.
    mutating func requestBatch() throws(JSONParser.Failure) -> [JSONParser.RequestMembers?] {
        offset += 1
        var elements: [JSONParser.RequestMembers?] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try request(depth: 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return elements
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    /// A request object's members, or `nil` after checking a value that is not an object.
    mutating func request(depth: Int) throws(JSONParser.Failure) -> JSONParser.RequestMembers? {
        guard current == UInt8(ascii: "{") else {
            _ = try value(depth: depth)
            return nil
        }
        let depth = depth + 1
        guard depth <= JSONParser.maximumDepth else { throw nestingLimit(depth) }
        offset += 1
        var members = JSONParser.RequestMembers()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return members
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let name = try requestMemberName()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            offset += 1
            skipWhitespace()
            switch name {
            case .params where current == UInt8(ascii: "{"):
                members.params = .members(try objectMembers(depth: depth + 1))
            case .params: members.params = .other(try value(depth: depth))
            case .jsonrpc: members.jsonrpc = try value(depth: depth)
            case .id: members.id = try value(depth: depth)
            case .method: members.method = try value(depth: depth)
            case nil: _ = try value(depth: depth)
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return members
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    /// The member names JSON-RPC reads.
    enum RequestMemberName: String {
        case jsonrpc, id, method, params
    }

    /// Reads a member name at its `"`: one JSON-RPC reads, or `nil` for any other. A plain name
    /// is compared where it lies; one with escapes is decoded first, as the parser does.
    mutating func requestMemberName() throws(JSONParser.Failure) -> RequestMemberName? {
        let start = offset + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
            let name = Self.plainName(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        {
            offset = end + 1
            return name
        }
        return RequestMemberName(rawValue: try string())
    }

    /// The name `raw` spells, if it is one JSON-RPC reads (plain ASCII, so no decoding needed).
    private static func plainName(_ raw: UnsafeRawBufferPointer) -> RequestMemberName? {
        func equals(_ name: StaticString) -> Bool {
            raw.count == name.utf8CodeUnitCount && memcmp(raw.baseAddress!, name.utf8Start, raw.count) == 0
        }
        switch raw.count {
        case 2: return equals("id") ? .id : nil
        case 6: return equals("method") ? .method : (equals("params") ? .params : nil)
        case 7: return equals("jsonrpc") ? .jsonrpc : nil
        default: return nil
        }
    }
}

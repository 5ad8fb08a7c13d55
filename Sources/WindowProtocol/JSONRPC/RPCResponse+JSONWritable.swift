extension RPCResponse: JSONWritable where Result: JSONWritable {
    /// `{"jsonrpc":"2.0","id":…,"result":…}` or `{"jsonrpc":"2.0","id":…,"error":…}`.
    package func write(to json: inout JSONBytes) {
        json.writeResponseHead(jsonrpc: jsonrpc, id: id)
        if let result {
            json.append(#","result":"#)
            result.write(to: &json)
        }
        if let error {
            json.append(#","error":"#)
            error.write(to: &json)
        }
        json.append(byte: UInt8(ascii: "}"))
    }
}

extension JSONBytes {
    /// `{"jsonrpc":…,"id":…`: a response's members before its result or error.
    mutating func writeResponseHead(jsonrpc: String, id: RequestID?) {
        append(#"{"jsonrpc":"#)
        writeString(jsonrpc)
        append(#","id":"#)
        write(id)
    }
}

extension RPCError: JSONWritable {
    /// `{"code":…,"message":…}`, with `"data":{"reason":…}` when there is a reason.
    package func write(to json: inout JSONBytes) {
        json.append(#"{"code":"#)
        json.writeInteger(code)
        json.append(#","message":"#)
        json.writeString(message)
        if let data {
            json.append(#","data":{"#)
            if let reason = data.reason {
                json.append(#""reason":"#)
                json.writeString(reason.rawValue)
            }
            json.append(byte: UInt8(ascii: "}"))
        }
        json.append(byte: UInt8(ascii: "}"))
    }
}

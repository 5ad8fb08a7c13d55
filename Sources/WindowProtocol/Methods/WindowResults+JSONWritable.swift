extension WindowOpen.Result: JSONWritable {
    /// `{"window":…,"created":…}`.
    public func write(to json: inout JSONBytes) {
        json.append(#"{"window":"#)
        window.write(to: &json)
        json.append(#","created":"#)
        json.writeBool(created)
        json.append(byte: UInt8(ascii: "}"))
    }
}

extension WindowResult: JSONWritable {
    /// `{"window":…}`.
    public func write(to json: inout JSONBytes) {
        json.append(#"{"window":"#)
        window.write(to: &json)
        json.append(byte: UInt8(ascii: "}"))
    }
}

extension SceneSetPhase.Result: JSONWritable {
    /// `{"window":…,"aggregate":…}`.
    public func write(to json: inout JSONBytes) {
        json.append(#"{"window":"#)
        window.write(to: &json)
        json.append(#","aggregate":"#)
        json.writeString(aggregate.rawValue)
        json.append(byte: UInt8(ascii: "}"))
    }
}

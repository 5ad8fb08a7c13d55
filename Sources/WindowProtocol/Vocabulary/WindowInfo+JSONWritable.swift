extension WindowInfo: JSONWritable {
    /// `{"id":…,"group":…,"value":…,"phase":…,"attached":…,"createdAt":…}`, in declaration order.
    public func write(to json: inout JSONBytes) {
        json.append(#"{"id":"#)
        json.writeString(id)
        json.append(#","group":"#)
        json.writeString(group)
        json.append(#","value":"#)
        json.write(value)
        json.append(#","phase":"#)
        json.writeString(phase.rawValue)
        json.append(#","attached":"#)
        json.writeBool(attached)
        json.append(#","createdAt":"#)
        json.writeString(createdAt)
        json.append(byte: UInt8(ascii: "}"))
    }
}

extension WindowInfo: JSONWritable {
    /// `{"id":…,"group":…,"value":…,"phase":…,"attached":…,"createdAt":…}`, in declaration order, with
    /// `"place":…` last when there is one.
    package func write(to json: inout JSONBytes) {
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
        if let place {
            json.append(#","place":"#)
            place.write(to: &json)
        }
        json.append(byte: UInt8(ascii: "}"))
    }
}

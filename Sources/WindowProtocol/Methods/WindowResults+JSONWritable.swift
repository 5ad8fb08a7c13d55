extension WindowOpen.Result: JSONWritable {
    /// `{"window":…,"created":…,"outcome":…}`, with `"command":[…]` last when there is one.
    package func write(to json: inout JSONBytes) {
        json.append(#"{"window":"#)
        window.write(to: &json)
        json.append(#","created":"#)
        json.writeBool(created)
        json.append(#","outcome":"#)
        json.writeString(outcome.rawValue)
        if let command {
            json.append(#","command":["#)
            for (index, argument) in command.enumerated() {
                if index > 0 { json.append(byte: UInt8(ascii: ",")) }
                json.writeString(argument)
            }
            json.append(byte: UInt8(ascii: "]"))
        }
        json.append(byte: UInt8(ascii: "}"))
    }
}

extension SceneSetPhase.Result: JSONWritable {
    /// `{"window":…,"aggregate":…}`.
    package func write(to json: inout JSONBytes) {
        json.append(#"{"window":"#)
        window.write(to: &json)
        json.append(#","aggregate":"#)
        json.writeString(aggregate.rawValue)
        json.append(byte: UInt8(ascii: "}"))
    }
}

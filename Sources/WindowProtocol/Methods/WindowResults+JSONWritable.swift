extension WindowOpen.Result: JSONWritable {
    /// `{"window":…,"created":…,"outcome":…}`, with `"command":[…]` last when there is one.
    public func write(to json: inout JSONBytes) {
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

extension WindowList.Result: JSONWritable {
    /// `{"windows":[…]}`.
    public func write(to json: inout JSONBytes) {
        json.append(#"{"windows":"#)
        json.write(windows)
        json.append(byte: UInt8(ascii: "}"))
    }
}

extension EventsSubscribe.Result: JSONWritable {
    /// `{"seq":…,"snapshot":{"state":…,"phase":…,"windows":[…]}}`.
    public func write(to json: inout JSONBytes) {
        json.append(#"{"seq":"#)
        json.writeInteger(seq)
        json.append(#","snapshot":{"state":"#)
        snapshot.state.write(to: &json)
        json.append(#","phase":"#)
        json.writeString(snapshot.phase.rawValue)
        json.append(#","windows":"#)
        json.write(snapshot.windows)
        json.append("}}")
    }
}

extension JSONBytes {
    /// Appends `windows` as a JSON array.
    mutating func write(_ windows: [WindowInfo]) {
        reserve(windows.count * 160)
        append(byte: UInt8(ascii: "["))
        for (index, window) in windows.enumerated() {
            if index > 0 { append(byte: UInt8(ascii: ",")) }
            window.write(to: &self)
        }
        append(byte: UInt8(ascii: "]"))
    }
}

extension Place: JSONWritable {
    /// Reads a place from an already parsed JSON value (a `place` param or member).
    package init(json: JSONValue) throws {
        self = try JSONValueDecoder().decode(Place.self, from: json)
    }

    /// The place as a JSON object, for the code that builds replies and events by hand.
    package var json: JSONValue {
        var members: [String: JSONValue] = ["kind": .string(kind.rawValue)]
        for (key, text) in stringMembers { members[key.stringValue] = .string(text) }
        if let pid { members[CodingKeys.pid.stringValue] = .int(Int64(pid)) }
        if let conID { members[CodingKeys.conID.stringValue] = .int(conID) }
        if let outer { members[CodingKeys.outer.stringValue] = outer.json }
        return .object(members)
    }

    /// `{"kind":…,` the identifiers present `,"outer":{…}}`, in ``CodingKeys`` order, byte for
    /// byte as the `Encodable` conformance writes it.
    package func write(to json: inout JSONBytes) {
        json.append(#"{"kind":"#)
        json.writeString(kind.rawValue)
        for (key, text) in stringMembers {
            json.append(byte: UInt8(ascii: ","))
            json.writeString(key.stringValue)
            json.append(byte: UInt8(ascii: ":"))
            json.writeString(text)
        }
        if let pid {
            json.append(#","pid":"#)
            json.writeInteger(pid)
        }
        if let conID {
            json.append(#","con_id":"#)
            json.writeInteger(conID)
        }
        if let outer {
            json.append(#","outer":"#)
            outer.write(to: &json)
        }
        json.append(byte: UInt8(ascii: "}"))
    }

    /// The string identifiers present, in ``CodingKeys`` order.
    private var stringMembers: [(CodingKeys, String)] {
        let all: [(CodingKeys, String?)] = [
            (.socket, socket), (.pane, pane), (.session, session), (.window, window), (.listenOn, listenOn),
            (.windowID, windowID), (.display, display), (.instance, instance),
        ]
        return all.compactMap { key, value in value.map { (key, $0) } }
    }
}

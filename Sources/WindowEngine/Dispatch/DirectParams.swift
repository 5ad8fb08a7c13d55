import WindowProtocol

/// Params a route reads straight from the parsed object when they are well-formed; anything
/// else goes through their `Decodable` conformance, which also words the error. Reading them
/// directly must give what decoding gives (`DirectParamsTests`).
///
/// Only `window.open` and `scene.setPhase` have them: the methods whose cost the daemon's
/// throughput is made of (Benchmarks/README.md, "One declaration per wire type"); every other
/// method's params are decoded, from their one `Codable` declaration.
protocol DirectParams: Decodable {
    /// The params `members` hold, or `nil` to let `Decodable` decide.
    init?(members: ObjectMembers)
}

extension WindowOpen.Params: DirectParams {
    init?(members: ObjectMembers) {
        guard case .string(let group)? = members["group"] else { return nil }
        // As `decodeIfPresent`: `null` is the same as absent.
        let value = members["value"]
        // The bare open has nothing more: no need to look for the rest.
        guard members.count > (value == nil ? 1 : 2) else {
            self.init(group: group, value: value == .null ? nil : value)
            return
        }
        var path: String?
        switch members["path"] {
        case nil, .null?: path = nil
        case .string(let text)?: path = text
        default: return nil
        }
        var place: Place?
        if let member = members["place"], member != .null {
            // Rare next to the bare open, and its errors are worded by decoding.
            guard let read = try? Place(json: member) else { return nil }
            place = read
        }
        var outcomes: [String]?
        if let member = members["outcomes"], member != .null {
            guard case .array(let names) = member else { return nil }
            outcomes = []
            for case .string(let name) in names { outcomes?.append(name) }
            guard outcomes?.count == names.count else { return nil }
        }
        self.init(group: group, value: value == .null ? nil : value, path: path, place: place, outcomes: outcomes)
    }
}

extension SceneSetPhase.Params: DirectParams {
    init?(members: ObjectMembers) {
        guard case .string(let id)? = members["id"], case .string(let name)? = members["phase"],
            let phase = ScenePhase(rawValue: name)
        else { return nil }
        var stopped = false
        if let member = members["stopped"], member != .null {
            guard case .bool(let flag) = member else { return nil }
            stopped = flag
        }
        self.init(id: id, phase: phase, stopped: stopped)
    }
}

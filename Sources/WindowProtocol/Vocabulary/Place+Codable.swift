extension Place: Codable {
    /// The member names on the wire, in the order they are written.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, socket, pane, session, name, window
        case listenOn = "listen_on"
        case windowID = "window_id"
        case display, instance, pid
        case conID = "con_id"
        case workspace, outer
    }

    /// Reads a place; unknown members are ignored, a wrong type or an unknown kind is refused,
    /// and so is nesting deeper than ``maximumDepth``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let outer = try container.decodeIfPresent(Place.self, forKey: .outer)
        if let outer, outer.levels.count >= Place.maximumDepth {
            throw DecodingError.dataCorruptedError(
                forKey: .outer,
                in: container,
                debugDescription: "a place nests at most \(Place.maximumDepth) deep"
            )
        }
        self.init(
            kind: try container.decode(PlaceKind.self, forKey: .kind),
            socket: try container.decodeIfPresent(String.self, forKey: .socket),
            pane: try container.decodeIfPresent(String.self, forKey: .pane),
            session: try container.decodeIfPresent(String.self, forKey: .session),
            name: try container.decodeIfPresent(String.self, forKey: .name),
            window: try container.decodeIfPresent(String.self, forKey: .window),
            listenOn: try container.decodeIfPresent(String.self, forKey: .listenOn),
            windowID: try container.decodeIfPresent(String.self, forKey: .windowID),
            display: try container.decodeIfPresent(String.self, forKey: .display),
            instance: try container.decodeIfPresent(String.self, forKey: .instance),
            pid: try container.decodeIfPresent(Int32.self, forKey: .pid),
            conID: try container.decodeIfPresent(Int64.self, forKey: .conID),
            workspace: try container.decodeIfPresent(String.self, forKey: .workspace),
            outer: outer
        )
    }

    /// Writes `kind`, then the identifiers present, then `outer`, in ``CodingKeys`` order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(socket, forKey: .socket)
        try container.encodeIfPresent(pane, forKey: .pane)
        try container.encodeIfPresent(session, forKey: .session)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(window, forKey: .window)
        try container.encodeIfPresent(listenOn, forKey: .listenOn)
        try container.encodeIfPresent(windowID, forKey: .windowID)
        try container.encodeIfPresent(display, forKey: .display)
        try container.encodeIfPresent(instance, forKey: .instance)
        try container.encodeIfPresent(pid, forKey: .pid)
        try container.encodeIfPresent(conID, forKey: .conID)
        try container.encodeIfPresent(workspace, forKey: .workspace)
        try container.encodeIfPresent(outer, forKey: .outer)
    }
}

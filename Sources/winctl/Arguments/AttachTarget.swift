import WindowProtocol

/// What `winctl attach` presents: a window by id, or the window of a group for a value.
enum AttachTarget: Equatable {
    /// An existing window.
    case id(String)
    /// The window of `group` for `value`, opened if there is none.
    case group(String, value: String?)

    /// `ID`, `GROUP` or `GROUP VALUE`: one argument shaped like a UUID is an id.
    init(_ first: String, _ second: String?) {
        if second == nil, AttachTarget.isUUID(first) {
            self = .id(first.lowercased())
        } else {
            self = .group(first, value: second)
        }
    }

    /// The `window.attach` params for this target.
    func params(phase: ScenePhase, takeover: Bool) -> WindowAttach.Params {
        switch self {
        case .id(let id):
            return WindowAttach.Params(id: id, phase: phase, takeover: takeover ? true : nil)
        case .group(let group, let value):
            return WindowAttach.Params(group: group, value: value.map(JSONValue.string), phase: phase, takeover: takeover ? true : nil)
        }
    }

    /// Whether `text` is a UUID: 8-4-4-4-12 hex digits.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isHex = (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20)
                guard isHex else { return false }
            }
        }
        return true
    }
}

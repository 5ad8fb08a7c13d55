import WindowProtocol

/// The hand-off state's bytes: a small binary format, written and read in well under a
/// millisecond for a thousand connections (Foundation's JSON took 4–9 ms each way, all of it
/// inside the pause every client sees).
///
/// Layout, little-endian: the magic `WDHO`, a format byte (4), the generation and the app
/// state (as its JSON text), then a count and one record per connection — name, presented
/// window (or none), its phase (or none), subscription (none, all, or names), last `seq`,
/// partial line, the presenter's place (or none, as its JSON text), whether the presenter is
/// stopped (a byte, 0 or 1). Strings and byte runs are a 32-bit length and the bytes. What
/// earlier windowd binaries wrote (an upgrade in place runs the new binary on the old one's
/// state) is still read: format 3, the same without the stopped byte; format 2, without places
/// either; format 1, JSON.
enum HandOffCodec {
    private static let magic: [UInt8] = Array("WDHO".utf8)
    private static let format: UInt8 = 4

    /// The bytes of `state`.
    static func encode(_ state: HandOffState) throws -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(64 + state.connections.count * 64)
        writer.bytes += magic
        writer.bytes.append(format)
        writer.string(state.generation)
        writer.run(try JSONWriter.bytes(state.appState))
        writer.integer(UInt32(state.connections.count))
        for record in state.connections {
            writer.string(record.name)
            writer.optionalString(record.presenting)
            writer.optionalString(record.phase?.rawValue)
            if record.subscribedToAll {
                writer.bytes.append(1)
            } else if let names = record.subscription {
                writer.bytes.append(2)
                writer.integer(UInt32(names.count))
                names.forEach { writer.string($0) }
            } else {
                writer.bytes.append(0)
            }
            writer.integer(record.lastSeq)
            writer.run(record.partialLine)
            writer.optionalString(try record.place.map { String(decoding: try JSONWriter.bytes($0), as: UTF8.self) })
            writer.bytes.append(record.stopped ? 1 : 0)
        }
        return writer.bytes
    }

    /// The state in `bytes` (either format); `nil` if they are not a whole hand-off state.
    static func decode(_ bytes: [UInt8]) -> HandOffState? {
        guard bytes.starts(with: magic) else {
            guard let state = decodeJSON(HandOffState.self, bytes), state.version == 1 else { return nil }
            return state
        }
        var reader = Reader(bytes: bytes, offset: magic.count)
        guard let version = reader.byte(), (2...format).contains(version),
            let generation = reader.string(),
            let appStateText = reader.run(),
            let appState = decodeJSON(AppState.self, appStateText),
            let count: UInt32 = reader.integer()
        else { return nil }
        var records: [HandOffState.ConnectionRecord] = []
        records.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let record = reader.record(withPlace: version >= 3, withStopped: version >= 4) else { return nil }
            records.append(record)
        }
        guard reader.isAtEnd else { return nil }
        return HandOffState(version: Int(version), generation: generation, appState: appState, connections: records)
    }

    /// The `T` in the JSON text `bytes`, or `nil`.
    private static func decodeJSON<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> T? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return try? JSONValueDecoder().decode(type, from: value)
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        mutating func run(_ run: [UInt8]) {
            integer(UInt32(run.count))
            bytes += run
        }

        mutating func string(_ text: String) {
            integer(UInt32(text.utf8.count))
            bytes += text.utf8
        }

        mutating func optionalString(_ text: String?) {
            guard let text else {
                bytes.append(0)
                return
            }
            bytes.append(1)
            string(text)
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func integer<Value: FixedWidthInteger>() -> Value? {
            let size = MemoryLayout<Value>.size
            guard bytes.count - offset >= size else { return nil }
            var value = Value.zero
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[offset..<(offset + size)]) }
            offset += size
            return Value(littleEndian: value)
        }

        mutating func run() -> [UInt8]? {
            guard let count: UInt32 = integer(), bytes.count - offset >= Int(count) else { return nil }
            defer { offset += Int(count) }
            return Array(bytes[offset..<(offset + Int(count))])
        }

        mutating func string() -> String? {
            run().map { String(decoding: $0, as: UTF8.self) }
        }

        mutating func optionalString() -> String?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return string().map { .some($0) }
            default: return nil
            }
        }

        mutating func record(withPlace: Bool, withStopped: Bool) -> HandOffState.ConnectionRecord? {
            guard let name = string(), let presenting = optionalString(), let phaseName = optionalString() else {
                return nil
            }
            let phase = phaseName.flatMap(ScenePhase.init(rawValue:))
            guard phaseName == nil || phase != nil else { return nil }
            var subscription: [String]?
            var all = false
            switch byte() {
            case 0:
                break
            case 1:
                subscription = []
                all = true
            case 2:
                guard let count: UInt32 = integer() else { return nil }
                var names: [String] = []
                for _ in 0..<count {
                    guard let name = string() else { return nil }
                    names.append(name)
                }
                subscription = names
            default:
                return nil
            }
            guard let lastSeq: UInt64 = integer(), let partialLine = run() else { return nil }
            var place: Place?
            if withPlace {
                guard let text = optionalString() else { return nil }
                if let text {
                    guard let decoded = HandOffCodec.decodeJSON(Place.self, Array(text.utf8)) else { return nil }
                    place = decoded
                }
            }
            var stopped = false
            if withStopped {
                switch byte() {
                case 0: break
                case 1: stopped = true
                default: return nil
                }
            }
            return HandOffState.ConnectionRecord(
                name: name,
                presenting: presenting,
                phase: phase,
                subscription: subscription,
                subscribedToAll: all,
                lastSeq: lastSeq,
                partialLine: partialLine,
                place: place,
                stopped: stopped
            )
        }
    }
}

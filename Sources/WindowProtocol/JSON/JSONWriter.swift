/// Writes `Encodable` values as compact JSON bytes in one pass, straight into a byte array:
/// no intermediate tree, no `Data`, and the exact text of ``JSONValue/number(_:)`` values and
/// numeric request ids, which `JSONEncoder` cannot write.
///
/// ```swift
/// let bytes = try JSONWriter.bytes(RPCResponse(id: .number(1), result: result))
/// ```
///
/// Object members come out in the order the value encodes them (declaration order for
/// synthesized conformances), dictionaries in their iteration order.
package enum JSONWriter {
    /// `value` as compact JSON.
    package static func bytes(_ value: some Encodable) throws -> [UInt8] {
        let output = Output()
        try output.encode(value, level: 0)
        output.close(above: -1)
        return output.json.bytes
    }

    /// Why a value cannot be written.
    package struct Failure: Error, CustomStringConvertible {
        /// What could not be written.
        package var description: String
    }

    /// The bytes written so far and the containers still open, innermost last. One write owns
    /// it, on one thread, and no access to its two members overlaps another: unchecked, as the
    /// run-time check of each access was a sixth of an open's instructions (make bench-instructions).
    final class Output {
        @exclusivity(unchecked) var json = JSONBytes()
        /// Per open container: the byte that closes it, and whether it has a member yet.
        @exclusivity(unchecked) private var open: [(closer: UInt8, hasMembers: Bool)] = []

        init() {}

        /// Encodes `value` into the slot at `level` (the number of containers around it);
        /// a value that writes nothing is an empty object, as with `JSONEncoder`.
        func encode(_ value: some Encodable, level: Int) throws {
            let before = json.bytes.count
            try value.encode(to: ValueEncoder(output: self, level: level))
            close(above: level - 1)
            if json.bytes.count == before { json.bytes.append(contentsOf: "{}".utf8) }
        }

        /// Opens a container for the slot at `level`, or reuses the one it opened already.
        func openContainer(at level: Int, opener: UInt8, closer: UInt8) {
            if open.count > level {
                close(above: level)
                return
            }
            json.bytes.append(opener)
            open.append((closer, false))
        }

        /// Closes every container nested deeper than the one at `index`.
        func close(above index: Int) {
            while open.count > index + 1 {
                json.bytes.append(open.removeLast().closer)
            }
        }

        /// Starts the next member of the container at `index`: closes what the previous member
        /// left open, then writes the comma and, for an object, the key.
        func startMember(of index: Int, key: String?) {
            close(above: index)
            if open[index].hasMembers { json.bytes.append(UInt8(ascii: ",")) } else { open[index].hasMembers = true }
            if let key {
                writeString(key)
                json.bytes.append(UInt8(ascii: ":"))
            }
        }

        func writeString(_ text: String) { json.writeString(text) }

        func writeInteger(_ value: some BinaryInteger) { json.writeInteger(value) }

        func writeDouble(_ value: Double) throws { try json.writeDouble(value) }

        func writeRaw(_ text: String) { json.writeRaw(text) }

        /// A parsed JSON value, exactly (numbers as their text).
        func write(_ value: JSONValue) { json.write(value) }
    }

    /// The encoder of one value's slot; ``JSONValue`` and ``RequestID`` write through ``output`` directly.
    struct ValueEncoder: Encoder {
        let output: Output
        /// The number of containers around this slot.
        let level: Int

        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            output.openContainer(at: level, opener: UInt8(ascii: "{"), closer: UInt8(ascii: "}"))
            return KeyedEncodingContainer(KeyedWriter<Key>(output: output, index: level))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            output.openContainer(at: level, opener: UInt8(ascii: "["), closer: UInt8(ascii: "]"))
            return UnkeyedWriter(output: output, index: level)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleWriter(output: output, level: level)
        }
    }

    /// The integer types but `Int` and `Int64`, and `Float`, go through the generic `encode`, to ``SingleWriter``.
    private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let output: Output
        /// This container's place among the open ones.
        let index: Int
        var codingPath: [any CodingKey] { [] }

        private func start(_ key: Key) { output.startMember(of: index, key: key.stringValue) }

        mutating func encodeNil(forKey key: Key) throws {
            start(key)
            output.writeRaw("null")
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            start(key)
            output.writeRaw(value ? "true" : "false")
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            start(key)
            output.writeString(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            start(key)
            try output.writeDouble(value)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            start(key)
            output.writeInteger(value)
        }
        mutating func encode(_ value: Int64, forKey key: Key) throws {
            start(key)
            output.writeInteger(value)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            start(key)
            try output.encode(value, level: index + 1)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            start(key)
            return ValueEncoder(output: output, level: index + 1).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            start(key)
            return ValueEncoder(output: output, level: index + 1).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            output.startMember(of: index, key: "super")
            return ValueEncoder(output: output, level: index + 1)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            start(key)
            return ValueEncoder(output: output, level: index + 1)
        }
    }

    private struct UnkeyedWriter: UnkeyedEncodingContainer {
        let output: Output
        let index: Int
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        private mutating func start() {
            output.startMember(of: index, key: nil)
            count += 1
        }

        mutating func encodeNil() throws {
            start()
            output.writeRaw("null")
        }
        mutating func encode(_ value: Bool) throws {
            start()
            output.writeRaw(value ? "true" : "false")
        }
        mutating func encode(_ value: String) throws {
            start()
            output.writeString(value)
        }
        mutating func encode(_ value: Double) throws {
            start()
            try output.writeDouble(value)
        }
        mutating func encode(_ value: Int) throws {
            start()
            output.writeInteger(value)
        }
        mutating func encode(_ value: Int64) throws {
            start()
            output.writeInteger(value)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            start()
            try output.encode(value, level: index + 1)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            start()
            return ValueEncoder(output: output, level: index + 1).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            start()
            return ValueEncoder(output: output, level: index + 1).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            start()
            return ValueEncoder(output: output, level: index + 1)
        }
    }

    private struct SingleWriter: SingleValueEncodingContainer {
        let output: Output
        let level: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { output.writeRaw("null") }
        mutating func encode(_ value: Bool) throws { output.writeRaw(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { output.writeString(value) }
        mutating func encode(_ value: Double) throws { try output.writeDouble(value) }
        mutating func encode(_ value: Float) throws { try output.writeDouble(Double(value)) }
        mutating func encode(_ value: Int) throws { output.writeInteger(value) }
        mutating func encode(_ value: Int8) throws { output.writeInteger(value) }
        mutating func encode(_ value: Int16) throws { output.writeInteger(value) }
        mutating func encode(_ value: Int32) throws { output.writeInteger(value) }
        mutating func encode(_ value: Int64) throws { output.writeInteger(value) }
        mutating func encode(_ value: UInt) throws { output.writeInteger(value) }
        mutating func encode(_ value: UInt8) throws { output.writeInteger(value) }
        mutating func encode(_ value: UInt16) throws { output.writeInteger(value) }
        mutating func encode(_ value: UInt32) throws { output.writeInteger(value) }
        mutating func encode(_ value: UInt64) throws { output.writeInteger(value) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: ValueEncoder(output: output, level: level))
        }
    }
}

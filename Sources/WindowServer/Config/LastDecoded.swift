import Synchronization

/// The last config or manifest decoded, kept so that a reload of bytes that did not change decodes
/// nothing: TOMLKit 0.6 never frees the keys and values it hands out (LebJe/TOMLKit#26, about
/// 10 KiB a config), and a client may ask for `daemon.reload` as often as it likes.
final class LastDecoded<Value: Sendable>: Sendable {
    private let last = Mutex<(bytes: [UInt8], file: String, result: Result<Value, ConfigError>)?>(nil)

    /// `decode(bytes, file)`, or its result the last time it was given these bytes of this file.
    func value(
        of bytes: [UInt8],
        file: String,
        _ decode: ([UInt8], String) throws(ConfigError) -> Value
    ) throws(ConfigError) -> Value {
        if let last = last.withLock({ $0 }), last.bytes == bytes, last.file == file { return try last.result.get() }
        let result = Result { () throws(ConfigError) in try decode(bytes, file) }
        last.withLock { $0 = (bytes, file, result) }
        return try result.get()
    }
}

/// Reads, decodes and validates `windowd.toml`.
///
/// Any bytes at all give either a config or a ``ConfigError`` that names the file, the line
/// and the key: never a crash or a hang.
package enum ConfigLoader {
    /// The name used in errors for the embedded defaults.
    package static let embeddedName = "<embedded defaults>"

    /// Loads the file at `path`.
    package static func load(path: String) throws(ConfigError) -> DaemonConfig {
        try parse(bytes: ConfigFile.contents(of: path), file: path)
    }

    /// Decodes and validates `text`, naming `file` in errors.
    package static func parse(_ text: String, file: String) throws(ConfigError) -> DaemonConfig {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Decodes and validates `bytes`, which should be UTF-8 TOML, naming `file` in errors.
    package static func parse(bytes: [UInt8], file: String) throws(ConfigError) -> DaemonConfig {
        try last.value(of: bytes, file: file) { bytes, file throws(ConfigError) in
            try DaemonConfig(decoding: ConfigTable(ConfigDocument(bytes: bytes, file: file)))
        }
    }

    private static let last = LastDecoded<DaemonConfig>()
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TOMLKit
import WindowCore

/// Reads, decodes and validates `windowd.toml`.
public enum ConfigLoader {
    /// The name used in errors for the embedded defaults.
    public static let embeddedName = "<embedded defaults>"

    /// Loads the file at `path`.
    public static func load(path: String) throws(ConfigError) -> DaemonConfig {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(file: path, line: nil, key: nil, message: "cannot read the file (\(error.localizedDescription)); check the path given to --config")
        }
        return try parse(text, file: path)
    }

    /// Decodes and validates `text`, naming `file` in errors.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> DaemonConfig {
        let index = ConfigLineIndex(text: text)
        let config: DaemonConfig
        do {
            config = try TOMLDecoder(strictDecoding: true).decode(DaemonConfig.self, from: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            throw ConfigError(file: file, line: line, key: index.key(at: line), message: "not valid TOML: \(error.description)")
        } catch let error as UnexpectedKeysError {
            let key = error.keys.values.map { path in path.map(\.stringValue).joined(separator: ".") }.sorted().first ?? "?"
            throw ConfigError(file: file, line: index.line(of: key), key: key, message: "unknown key (check its spelling against config/windowd.toml)")
        } catch let error as DecodingError {
            let (key, message) = describe(error)
            throw ConfigError(file: file, line: index.line(of: key), key: key, message: message)
        } catch {
            throw ConfigError(file: file, line: nil, key: nil, message: "\(error)")
        }
        try validate(config, file: file, index: index)
        return config
    }

    private static func describe(_ error: DecodingError) -> (String, String) {
        // TOMLKit repeats the failing key at the end of some coding paths; say it once.
        func dotted(_ path: [any CodingKey]) -> String {
            var names: [String] = []
            for key in path where names.last != key.stringValue { names.append(key.stringValue) }
            return names.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return (dotted(context.codingPath), "expected \(typeName(type)): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (dotted(context.codingPath), "missing a value of type \(typeName(type))")
        case .keyNotFound(let key, let context):
            return (dotted(context.codingPath + [key]), "missing")
        case .dataCorrupted(let context):
            let key = dotted(context.codingPath)
            if key.hasSuffix(".value") {
                return (key, "must be one of \(ValueType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if key.hasSuffix("durability") {
                return (key, "must be \"normal\" or \"full\"")
            }
            if key.hasSuffix("on_damage") {
                return (key, "must be \"move-aside\" or \"refuse\"")
            }
            return (key, context.debugDescription)
        @unknown default:
            return ("?", "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is UInt32.Type: return "an integer"
        case is Bool.Type: return "true or false"
        default: return "\(type)"
        }
    }

    private static func validate(_ config: DaemonConfig, file: String, index: ConfigLineIndex) throws(ConfigError) {
        func fail(_ key: String, _ message: String) -> ConfigError {
            ConfigError(file: file, line: index.line(of: key), key: key, message: message)
        }
        let positive: [(String, Int)] = [
            ("daemon.max_message_bytes", config.daemon.maxMessageBytes),
            ("daemon.max_clients", config.daemon.maxClients),
            ("daemon.max_outbound_bytes", config.daemon.maxOutboundBytes),
            ("daemon.max_windows", config.daemon.maxWindows),
            ("daemon.max_storage_bytes", config.daemon.maxStorageBytes),
            ("app.session_ttl_seconds", config.app.sessionTTLSeconds),
        ]
        for (key, value) in positive where value <= 0 {
            throw fail(key, "must be greater than 0, not \(value)")
        }
        if config.daemon.maxMessageBytes < 1_024 {
            throw fail("daemon.max_message_bytes", "must be at least 1024 so that requests fit")
        }
        if config.app.minimumLoadingMilliseconds < 0 {
            throw fail("app.minimum_loading_ms", "must not be negative")
        }
        if config.groups.isEmpty {
            throw fail("groups", "no window group is declared; add at least one [groups.NAME] table")
        }
        for (id, group) in config.groups {
            if id.isEmpty || !id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                throw fail("groups.\(id)", "a group id uses letters, digits, '-' and '_' only")
            }
            if let first = group.launch.first, first.isEmpty {
                throw fail("groups.\(id).launch", "the first element must name a program")
            }
        }
    }
}

import Glibc

/// Where the config comes from: a file, or the embedded defaults when no file is found.
package enum ConfigSource: Sendable, Equatable, CustomStringConvertible {
    case file(String)
    case embedded

    /// `explicit` if given; else the first that exists of `$CONFIGURATION_DIRECTORY/windowd.toml`
    /// (systemd), `$XDG_CONFIG_HOME/windowd/windowd.toml` or `~/.config/windowd/windowd.toml`
    /// (users), `/etc/windowd/windowd.toml` (root); else the embedded defaults.
    package static func locate(explicit: String?, environment: [String: String], uid: UInt32) -> ConfigSource {
        if let explicit, !explicit.isEmpty { return .file(explicit) }
        var candidates: [String] = []
        if let directory = environment["CONFIGURATION_DIRECTORY"], !directory.isEmpty {
            candidates.append(directory.split(separator: ":").first.map(String.init)! + "/windowd.toml")
        }
        if uid == 0 {
            candidates.append("/etc/windowd/windowd.toml")
        } else if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            candidates.append(xdg + "/windowd/windowd.toml")
        } else if let home = environment["HOME"], !home.isEmpty {
            candidates.append(home + "/.config/windowd/windowd.toml")
        }
        for candidate in candidates where access(candidate, F_OK) == 0 {
            return .file(candidate)
        }
        return .embedded
    }

    /// Reads and validates the config.
    package func load() throws(ConfigError) -> DaemonConfig {
        switch self {
        case .file(let path): return try ConfigLoader.load(path: path)
        case .embedded: return try ConfigLoader.parse(EmbeddedConfig.text, file: ConfigLoader.embeddedName)
        }
    }

    /// The path, or `<embedded defaults>`: how errors and `--check-config` name the source.
    package var description: String {
        switch self {
        case .file(let path): return path
        case .embedded: return ConfigLoader.embeddedName
        }
    }
}

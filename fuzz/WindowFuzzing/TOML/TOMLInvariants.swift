import WindowProtocol
import WindowServer

/// What must hold for any bytes given to the config loader and the app manifest loader, which
/// read them with TOMLKit (windowd(8), Socket and access; windowd(8), Apps and instances: a config
/// file or manifest of any bytes is an error, never a crash or a hang).
package enum TOMLInvariants {
    /// The file name config errors are checked to carry.
    static let file = "fuzz.toml"

    /// Every broken invariant for `bytes`, in words; empty when all hold.
    package static func check(_ bytes: [UInt8]) -> [String] {
        let lines = LineLengths(bytes)
        var accepted: [String] = []
        var violations: [String] = []
        do throws(ConfigError) {
            violations += config(try ConfigLoader.parse(bytes: bytes, file: file))
            accepted.append("a config")
        } catch {
            violations += located(error, bytes: bytes, lines: lines)
        }
        do throws(ConfigError) {
            violations += manifest(try AppManifest.parse(bytes: bytes, file: file))
            accepted.append("a manifest")
        } catch {
            violations += located(error, bytes: bytes, lines: lines)
        }
        if !accepted.isEmpty, String(validating: bytes, as: UTF8.self) == nil || bytes.contains(0) {
            violations.append(
                "\(accepted.joined(separator: " and ")) was read from bytes that are not UTF-8 without NUL"
            )
        }
        return violations
    }

    /// A config passes its own checks.
    static func config(_ config: DaemonConfig) -> [String] {
        var violations: [String] = []
        if config.groups.isEmpty { violations.append("a config without groups was accepted") }
        if config.daemon.maxMessageBytes < 1_024 {
            violations.append("max_message_bytes \(config.daemon.maxMessageBytes) was accepted")
        }
        let limits = [
            config.daemon.maxClients, config.daemon.outboundSoftBytes, config.daemon.outboundHardBytes,
            config.daemon.maxWindows,
            config.daemon.maxStorageBytes, config.app.sessionTTLSeconds,
        ]
        if limits.contains(where: { $0 <= 0 }) { violations.append("a limit of 0 or less was accepted: \(limits)") }
        if config.app.minimumLoadingMilliseconds < 0 {
            violations.append("a negative minimum_loading_ms was accepted")
        }
        for (id, group) in config.groups where group.launch.first == "" || id.isEmpty {
            violations.append("group \(id) was accepted with launch \(group.launch)")
        }
        return violations + requests(config.groups)
    }

    /// A manifest has `[app]` in range and at least one group.
    static func manifest(_ manifest: AppManifest) -> [String] {
        var violations: [String] = []
        if manifest.groups.isEmpty { violations.append("a manifest without groups was accepted") }
        if manifest.app.sessionTTLSeconds <= 0 || manifest.app.minimumLoadingMilliseconds < 0 {
            violations.append("a manifest's [app] out of range was accepted: \(manifest.app)")
        }
        return violations + requests(manifest.groups)
    }
    /// A group's `requests` and `quit_keys` are accepted only for a `run` group, each entry (and
    /// the keys) one that ``RequestKeys`` takes, and typing any request under it ends.
    static func requests(_ groups: [String: DaemonConfig.GroupSection]) -> [String] {
        var violations: [String] = []
        for (id, group) in groups {
            guard let table = group.requests else { continue }
            if group.run.isEmpty { violations.append("group \(id) was accepted with requests and no run") }
            for (pattern, keys) in table {
                if let problem = RequestKeys.problem(pattern: pattern, keys: keys) {
                    violations.append("group \(id) was accepted with requests \(pattern) = \(keys): \(problem)")
                }
            }
            _ = RequestKeys.apply(Array(table.keys) + table.values, table)
        }
        for (id, group) in groups {
            guard let quit = group.quit else { continue }
            if group.run.isEmpty || RequestKeys.keys(quit.keys) == nil || !(1...600_000).contains(quit.waitMs) {
                violations.append("group \(id) was accepted with quit \(quit) and run \(group.run)")
            }
        }
        return violations
    }

    /// A config or manifest error names the file, a line inside the input and the key, in words
    /// (no decoder jargon); a syntax error also a column, where TOMLKit or the outline found it.
    static func located(_ error: ConfigError, bytes: [UInt8], lines: LineLengths) -> [String] {
        var violations: [String] = []
        if error.file != file { violations.append("the config error names \(error.file), not \(file)") }
        if !error.description.hasPrefix(file + ":") {
            violations.append("the config error does not start with the file: \(error)")
        }
        if let line = error.line {
            violations += lines.check(line: line, column: error.column ?? 1, what: "the config error (\(error))")
        }
        if let key = error.key, !error.message.contains(key) {
            violations.append("the config error does not name its key \(key): \(error)")
        }
        for jargon in ["Decoding", "decode", "TOMLArray", "TOMLTable", "CodingKey", "Optional(", "Swift."]
        where error.message.contains(jargon) && !String(decoding: bytes, as: UTF8.self).contains(jargon) {
            violations.append("the config error speaks of \(jargon): \(error)")
        }
        if error.message.hasPrefix("not valid TOML") != (error.line != nil && error.column != nil) {
            violations.append("a syntax error without a line and column, or a config error with a column: \(error)")
        }
        return violations
    }
}

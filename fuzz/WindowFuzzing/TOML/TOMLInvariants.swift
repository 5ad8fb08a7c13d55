import WindowProtocol
package import WindowServer

/// What must hold for any bytes given to the TOML parser, the config loader and the app manifest
/// loader (windowd(8), Socket and access; windowd(8), Apps and instances: a config file or manifest of any bytes is an error, never a
/// crash or a hang).
package enum TOMLInvariants {
    /// The file name config errors are checked to carry.
    static let file = "fuzz.toml"

    /// Every broken invariant for `bytes`, in words; empty when all hold.
    package static func check(_ bytes: [UInt8]) -> [String] {
        let lines = LineLengths(bytes)
        let parsed: Result<TOMLTable, TOMLError>
        do throws(TOMLError) {
            parsed = .success(try TOMLParser.parse(bytes))
        } catch {
            parsed = .failure(error)
        }
        var violations: [String] = []
        switch parsed {
        case .failure(let error):
            violations += lines.check(error.position, what: "the TOML error (\(error))")
            if error.message.isEmpty { violations.append("a TOML error without a message") }
        case .success(let document):
            if String(validating: bytes, as: UTF8.self) == nil {
                violations.append("bytes that are not UTF-8 were accepted")
            }
            violations += roundTrip(document)
            violations += positions(of: document, lines: lines)
        }
        return violations + config(bytes, parsed: parsed, lines: lines) + manifest(bytes, parsed: parsed, lines: lines)
    }

    /// Written back and parsed again, a document is the same, and writes the same text.
    static func roundTrip(_ document: TOMLTable) -> [String] {
        let written = document.tomlDocument
        do throws(TOMLError) {
            let again = try TOMLParser.parse(written)
            var violations: [String] = []
            if !identical(.table(document), .table(again)) {
                violations.append("the document written back parses differently:\n\(written)")
            }
            if again.tomlDocument != written {
                violations.append("writing the document again gives other text:\n\(written)")
            }
            return violations
        } catch {
            return ["the document written back does not parse (\(error)):\n\(written)"]
        }
    }

    /// Every key and element is placed inside the input.
    static func positions(of table: TOMLTable, lines: LineLengths) -> [String] {
        var violations = lines.check(table.position, what: "a table")
        for entry in table.entries {
            violations += lines.check(entry.position, what: "the key \(entry.key)")
            violations += positions(of: entry.value, lines: lines)
        }
        return violations
    }

    private static func positions(of value: TOMLValue, lines: LineLengths) -> [String] {
        switch value {
        case .table(let table):
            return positions(of: table, lines: lines)
        case .array(let array):
            var violations = lines.check(array.position, what: "an array")
            for (element, position) in zip(array, array.positions) {
                violations += lines.check(position, what: "an element")
                violations += positions(of: element, lines: lines)
            }
            return violations
        default:
            return []
        }
    }

    /// The config loader gives a config that passes its own checks, or an error that names the
    /// file, a line inside the input and the key, in words (no decoder jargon).
    static func config(_ bytes: [UInt8], parsed: Result<TOMLTable, TOMLError>, lines: LineLengths) -> [String] {
        do throws(ConfigError) {
            let config = try ConfigLoader.parse(bytes: bytes, file: file)
            var violations: [String] = []
            if case .failure(let error) = parsed {
                violations.append("a config was read from a document that is not TOML: \(error)")
            }
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
        } catch {
            return located(error, bytes: bytes, parsed: parsed, lines: lines)
        }
    }

    /// The manifest loader gives a manifest of `[app]` and at least one group from a document
    /// that has nothing else, or an error located as the config loader's are.
    static func manifest(_ bytes: [UInt8], parsed: Result<TOMLTable, TOMLError>, lines: LineLengths) -> [String] {
        do throws(ConfigError) {
            let manifest = try AppManifest.parse(bytes: bytes, file: file)
            var violations: [String] = []
            switch parsed {
            case .failure(let error):
                violations.append("a manifest was read from a document that is not TOML: \(error)")
            case .success(let document):
                if let other = document.keys.first(where: { $0 != "app" && $0 != "groups" }) {
                    violations.append("a manifest with the table \(other) was accepted")
                }
            }
            if manifest.groups.isEmpty { violations.append("a manifest without groups was accepted") }
            if manifest.app.sessionTTLSeconds <= 0 || manifest.app.minimumLoadingMilliseconds < 0 {
                violations.append("a manifest's [app] out of range was accepted: \(manifest.app)")
            }
            return violations + requests(manifest.groups)
        } catch {
            return located(error, bytes: bytes, parsed: parsed, lines: lines)
        }
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
    /// (no decoder jargon), and a syntax error where the TOML parser found it.
    static func located(
        _ error: ConfigError,
        bytes: [UInt8],
        parsed: Result<TOMLTable, TOMLError>,
        lines: LineLengths
    ) -> [String] {
        var violations: [String] = []
        if error.file != file { violations.append("the config error names \(error.file), not \(file)") }
        if !error.description.hasPrefix(file + ":") {
            violations.append("the config error does not start with the file: \(error)")
        }
        if let line = error.line {
            violations += lines.check(
                TOMLPosition(line: line, column: error.column ?? 1),
                what: "the config error (\(error))"
            )
        }
        if let key = error.key, !error.message.contains(key) {
            violations.append("the config error does not name its key \(key): \(error)")
        }
        let input = String(decoding: bytes, as: UTF8.self)
        for jargon in ["Decoding", "decode", "TOMLArray", "TOMLTable", "CodingKey", "Optional(", "Swift."]
        where error.message.contains(jargon) && !input.contains(jargon) {
            violations.append("the config error speaks of \(jargon): \(error)")
        }
        switch parsed {
        case .failure(let syntax):
            if error.line != syntax.position.line || error.column != syntax.position.column {
                violations.append("the config error \(error) is not where the TOML error is (\(syntax.position))")
            }
        case .success:
            if error.column != nil { violations.append("a config error about a value has a column: \(error)") }
        }
        return violations
    }

    /// Equal values, floats compared bit for bit (any `nan` equal to any other).
    package static func identical(_ lhs: TOMLValue, _ rhs: TOMLValue) -> Bool {
        switch (lhs, rhs) {
        case (.float(let a), .float(let b)):
            return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { identical($0, $1) }
        case (.table(let a), .table(let b)):
            return a.keys == b.keys
                && a.entries.allSatisfy { entry in b[entry.key].map { identical(entry.value, $0) } ?? false }
        default:
            return lhs == rhs
        }
    }
}

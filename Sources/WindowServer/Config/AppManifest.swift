package import WindowProtocol

/// One app's manifest, `APP_ID.toml` (windowd(8), Apps and instances): its `[app]` settings and
/// `[groups.NAME]` window groups, decoded by the same parser and decoder as `windowd.toml`.
package struct AppManifest: Sendable, Equatable {
    /// `[app]`.
    package var app = DaemonConfig.AppSection()
    /// `[groups.ID]`, by ID: at least one.
    package var groups: [String: DaemonConfig.GroupSection] = [:]

    /// What a manifest that cannot be read should be.
    static let readAdvice = "an app's manifest is a readable file APP_ID.toml in a manifest directory (windowd(8))"

    /// Reads the manifest at `path`; errors name the file, the line and the key.
    package static func load(path: String) throws(ConfigError) -> AppManifest {
        try parse(bytes: ConfigFile.contents(of: path, advice: Self.readAdvice), file: path)
    }

    /// Decodes `bytes`, which should be UTF-8 TOML, naming `file` in errors: any bytes give a
    /// manifest or a ``ConfigError``.
    package static func parse(bytes: [UInt8], file: String) throws(ConfigError) -> AppManifest {
        try last.value(of: bytes, file: file) { bytes, file throws(ConfigError) in
            try AppManifest(decoding: ConfigTable(ConfigDocument(bytes: bytes, file: file)))
        }
    }

    private static let last = LastDecoded<AppManifest>()

    /// The manifest `document` describes; `[daemon]`, `[state]` and any other table are refused
    /// by name, as they belong to windowd's own config or to nothing.
    init(decoding root: ConfigTable) throws(ConfigError) {
        try root.rejectUnknownKeys(
            ["app", "groups"],
            otherwise: "an app's manifest has the tables [app] and [groups.NAME] only; "
                + "[daemon] and [state] are windowd's own config (windowd.toml)"
        )
        if let section = try root.table("app") { app = try DaemonConfig.AppSection(decoding: section) }
        groups = try DaemonConfig.groups(decoding: root)
    }
}

extension DaemonConfig {
    /// This config with `manifest`'s `[app]` and `[groups]` in place of its own: an app's
    /// instance runs on windowd's `[daemon]` and `[state]` and its manifest's scenes.
    package func serving(_ app: AppID, _ manifest: AppManifest) -> DaemonConfig {
        var config = self
        config.appID = app
        config.app = manifest.app
        config.groups = manifest.groups
        return config
    }
}

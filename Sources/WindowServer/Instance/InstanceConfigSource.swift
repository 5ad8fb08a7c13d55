import Glibc
package import WindowProtocol

/// What one daemon runs on: windowd's own config, and for an app its manifest (windowd(8), Apps and instances).
///
/// Read at start and again on every reload, the manifest looked up afresh each time, so that
/// installing a manifest of higher precedence or changing it takes effect on SIGHUP.
package struct InstanceConfigSource: Sendable, CustomStringConvertible {
    /// windowd's own config: `[daemon]` and `[state]`, and the default app's `[app]` and `[groups]`.
    package let config: ConfigSource
    /// The app served; `nil` for the default app.
    package let app: AppID?
    /// The environment that places the manifest directories (`XDG_*`, `HOME`).
    private let environment: [String: String]
    /// Whether a manifest is there: ``ManifestSearch/isManifestFile(_:)`` but in tests.
    private let exists: @Sendable (String) -> Bool

    /// The config `config` with, for `app`, its manifest found through `environment`.
    package init(
        config: ConfigSource,
        app: AppID?,
        environment: [String: String],
        exists: @escaping @Sendable (String) -> Bool = { ManifestSearch.isManifestFile($0) }
    ) {
        self.config = config
        self.app = app
        self.environment = environment
        self.exists = exists
    }

    /// The manifest in force for the app, if one is installed.
    package var manifestPath: String? {
        app.flatMap { ManifestSearch.manifest(for: $0, environment: environment, exists: exists) }
    }

    /// Reads windowd's config and the app's manifest, and combines them.
    ///
    /// - Throws: a ``ConfigError`` naming file, line and key; for an app that is not installed,
    ///   one that names the app id and every directory searched.
    package func load() throws(ConfigError) -> DaemonConfig {
        let base = try config.load()
        guard let app else { return base }
        guard let path = manifestPath else {
            let directories = ManifestSearch.directories(environment: environment)
            throw ConfigError(
                file: "\(app).toml",
                line: nil,
                key: nil,
                message: "app '\(app)' is not installed: no \(app).toml in \(directories.joined(separator: ", ")); "
                    + "install the app's manifest in one of them, e.g. \(directories.first ?? "/etc/windowd/apps")/\(app).toml"
            )
        }
        return base.serving(app, try AppManifest.load(path: path))
    }

    /// `windowd.toml` and, for an app, `+ /path/APP_ID.toml`: how `--check-config` names it.
    package var description: String {
        guard let app else { return config.description }
        return "\(config) + \(manifestPath ?? "\(app).toml (not installed)")"
    }
}

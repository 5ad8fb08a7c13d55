/// `windowd.toml` texts for tests: no loading delay, and the groups of the embedded config
/// (`main` none, `detail` int, `notes` string, `orders` uuid with `requires_auth`).
package enum TestConfig {
    /// A config with extra `[daemon]` lines, extra `[app]` lines and extra tables appended.
    package static func text(daemon: [String] = [], app: [String] = [], extra: String = "") -> String {
        """
        [daemon]
        \(daemon.joined(separator: "\n"))

        [app]
        minimum_loading_ms = 0
        \(app.joined(separator: "\n"))

        [groups.main]
        value = "none"

        [groups.detail]
        value = "int"

        [groups.notes]
        value = "string"

        [groups.orders]
        value = "uuid"
        requires_auth = true
        \(extra)
        """
    }
}

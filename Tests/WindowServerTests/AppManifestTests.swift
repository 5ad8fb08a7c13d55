import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

/// An app's manifest (windowd(8), Apps and instances): the `[app]` and `[groups]` of windowd.toml, decoded the
/// same way, and nothing else.
@Suite("App manifests")
struct AppManifestTests {
    static func parse(_ text: String) throws(ConfigError) -> AppManifest {
        try AppManifest.parse(bytes: Array(text.utf8), file: "/etc/windowd/apps/orders.toml")
    }

    @Test("a manifest that cannot be read names the file and says what to check, not --config")
    func unreadable() {
        let path = "/nonexistent-\(UInt32.random(in: 0 ... .max))/orders.toml"
        #expect {
            try AppManifest.load(path: path)
        } throws: { error in
            "\(error)" == path + ": cannot read the file (No such file or directory); "
                + "an app's manifest is a readable file APP_ID.toml in a manifest directory (windowd(8))"
        }
    }

    @Test("[app] and [groups.NAME] decode as in windowd.toml")
    func decodes() throws {
        let manifest = try Self.parse(
            """
            [app]
            session_ttl_seconds = 60

            [groups.detail]
            value = "int"
            requires_auth = true
            """
        )
        #expect(manifest.app.sessionTTLSeconds == 60)
        #expect(manifest.groups == ["detail": DaemonConfig.GroupSection(value: .int, requiresAuth: true)])
    }

    @Test("an instance keeps windowd's [daemon] and [state] and takes the manifest's [app] and [groups]")
    func serving() throws {
        var base = DaemonConfig()
        base.daemon.maxClients = 7
        base.state.directory = "/s"
        base.groups = ["main": .init()]
        let config = base.serving(
            try AppID(validating: "orders"),
            try Self.parse("[app]\nminimum_loading_ms = 0\n[groups.list]\n")
        )
        #expect(config.daemon.maxClients == 7)
        #expect(config.state.directory == "/s")
        #expect(config.app.minimumLoadingMilliseconds == 0)
        #expect(Array(config.groups.keys) == ["list"])
        #expect(config.appID?.rawValue == "orders")
    }

    @Test(
        "errors name the file, the line and the key",
        arguments: [
            ("[groups.a]\nvalue = \"integer\"\n", 2, "groups.a.value", "must be one of"),
            (
                "[daemon]\nmax_clients = 5\n[groups.a]\n", 1, "daemon",
                "an app's manifest has the tables [app] and [groups.NAME] only"
            ),
            ("[state]\n[groups.a]\n", 1, "state", "[daemon] and [state] are windowd's own config"),
            ("[places]\n[groups.a]\n", 1, "places", "is not a known key"),
            ("[apps]\n[groups.a]\n", 1, "apps", "did you mean app?"),
            ("[app]\nsession_ttl_seconds = 0\n[groups.a]\n", 2, "app.session_ttl_seconds", "must be greater than 0"),
            ("[groups.a\n", 1, "groups.a", "not valid TOML"),
        ]
    )
    func located(_ text: String, _ line: Int, _ key: String, _ fragment: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.file == "/etc/windowd/apps/orders.toml")
            #expect(error.line == line, "\(error)")
            #expect(error.key == key, "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test("the Orders example's manifest declares main and detail")
    func ordersExample() throws {
        let manifest = try AppManifest.load(path: ConfigLoaderTests.repositoryRoot + "/Examples/Orders/orders.toml")
        #expect(manifest.groups.keys.sorted() == ["detail", "main"])
        #expect(manifest.groups["detail"]?.requiresAuth == true)
    }

    @Test("a manifest without a group is refused")
    func noGroup() {
        #expect(throws: ConfigError.self) { try Self.parse("[app]\n") }
    }
}

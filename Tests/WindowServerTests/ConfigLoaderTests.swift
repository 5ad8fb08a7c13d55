import Testing
@testable import WindowServer
import WindowCore

@Suite("Config")
struct ConfigLoaderTests {
    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    @Test("config/windowd.toml and the embedded defaults are the same config")
    func shippedMatchesEmbedded() throws {
        let shipped = try ConfigLoader.load(path: Self.repositoryRoot + "/config/windowd.toml")
        let embedded = try ConfigLoader.parse(EmbeddedConfig.text, file: "embedded")
        #expect(shipped == embedded)
        #expect(embedded.groups["detail"] == DaemonConfig.GroupSection(value: .int))
        #expect(embedded.daemon.maxMessageBytes == 65_536)
    }

    @Test("a bad value names the file, the line and the key")
    func badValueType() {
        let text = """
            [daemon]
            max_clients = 10

            [groups.detail]
            value = "integer"
            """
        do {
            _ = try ConfigLoader.parse(text, file: "/etc/windowd/windowd.toml")
            Issue.record("a bad value type was accepted")
        } catch {
            #expect(error.file == "/etc/windowd/windowd.toml")
            #expect(error.line == 5)
            #expect(error.key == "groups.detail.value")
            #expect(error.description.hasPrefix("/etc/windowd/windowd.toml:5: groups.detail.value:"))
        }
    }

    @Test("wrong types, unknown keys, syntax errors and bad limits are located", arguments: [
        ("[daemon]\nmax_clients = \"many\"\n[groups.a]\n", 2, "daemon.max_clients"),
        ("[daemon]\nmax_clinets = 5\n[groups.a]\n", 2, "daemon.max_clinets"),
        ("[daemon\nmax_clients = 5\n", 1, "daemon"),
        ("[groups.a]\nvalue = \"int\"\n[app]\nsession_ttl_seconds = 0\n", 4, "app.session_ttl_seconds"),
        ("[state]\ndurability = \"sometimes\"\n[groups.a]\n", 2, "state.durability"),
        ("[daemon]\n", nil, "groups"),
    ] as [(String, Int?, String?)])
    func located(text: String, line: Int?, key: String?) {
        do {
            _ = try ConfigLoader.parse(text, file: "t.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.key == key, "\(error)")
        }
    }

    @Test("groups become the core's window groups")
    func groups() throws {
        let config = try ConfigLoader.parse("""
            [groups.orders]
            value = "uuid"
            requires_auth = true
            restore = false
            launch = ["tmux", "new-window", "winctl", "attach", "{id}"]
            """, file: "t.toml")
        #expect(config.windowGroups == [
            WindowGroup(id: "orders", valueType: .uuid, launch: ["tmux", "new-window", "winctl", "attach", "{id}"], restore: false, requiresAuth: true),
        ])
    }

    @Test("the config is found in the documented order")
    func locate() {
        #expect(ConfigSource.locate(explicit: "/x.toml", environment: [:], uid: 1000) == .file("/x.toml"))
        #expect(ConfigSource.locate(explicit: nil, environment: ["HOME": "/nonexistent"], uid: 1000) == .embedded)
        #expect(ConfigSource.locate(explicit: nil, environment: ["CONFIGURATION_DIRECTORY": Self.repositoryRoot + "/config"], uid: 1000)
            == .file(Self.repositoryRoot + "/config/windowd.toml"))
    }
}

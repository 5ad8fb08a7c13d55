import Testing
import WindowProtocol

/// Where manifests are looked up, and which one wins (windowd(8), Apps and instances).
@Suite("Manifest search")
struct ManifestSearchTests {
    let orders = try! AppID(validating: "orders")

    @Test("XDG_* unset: ~/.config, /etc, ~/.local/share, /usr/local/share, /usr/share")
    func defaults() {
        #expect(
            ManifestSearch.directories(environment: ["HOME": "/home/u"]) == [
                "/home/u/.config/windowd/apps", "/etc/windowd/apps", "/home/u/.local/share/windowd/apps",
                "/usr/local/share/windowd/apps", "/usr/share/windowd/apps",
            ]
        )
    }

    @Test("XDG_* set: each replaces its default, XDG_DATA_DIRS in its order")
    func xdgSet() {
        let environment = [
            "HOME": "/home/u", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d/", "XDG_DATA_DIRS": "/x:/y/:/x",
        ]
        #expect(
            ManifestSearch.directories(environment: environment) == [
                "/c/windowd/apps", "/etc/windowd/apps", "/d/windowd/apps", "/x/windowd/apps", "/y/windowd/apps",
            ]
        )
    }

    @Test("no HOME: the home defaults are left out; empty or relative XDG values are ignored")
    func noHome() {
        #expect(
            ManifestSearch.directories(environment: ["XDG_CONFIG_HOME": "", "XDG_DATA_DIRS": "rel:/z"]) == [
                "/etc/windowd/apps", "/z/windowd/apps",
            ]
        )
    }

    @Test(
        "the first directory that has APP_ID.toml wins",
        arguments: [
            (
                [
                    "/c/windowd/apps/orders.toml", "/etc/windowd/apps/orders.toml",
                    "/usr/share/windowd/apps/orders.toml",
                ], "/c/windowd/apps/orders.toml"
            ),
            (["/etc/windowd/apps/orders.toml", "/d/windowd/apps/orders.toml"], "/etc/windowd/apps/orders.toml"),
            (["/d/windowd/apps/orders.toml", "/x/windowd/apps/orders.toml"], "/d/windowd/apps/orders.toml"),
            (["/y/windowd/apps/orders.toml", "/x/windowd/apps/orders.toml"], "/x/windowd/apps/orders.toml"),
            (["/y/windowd/apps/orders.toml", "/y/windowd/apps/other.toml"], "/y/windowd/apps/orders.toml"),
        ]
    )
    func precedence(_ present: [String], _ winner: String) {
        let environment = ["XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/x:/y"]
        #expect(ManifestSearch.manifest(for: orders, environment: environment, exists: present.contains) == winner)
    }

    @Test("none found: nil")
    func notFound() {
        #expect(ManifestSearch.manifest(for: orders, environment: ["HOME": "/h"], exists: { _ in false }) == nil)
    }
}

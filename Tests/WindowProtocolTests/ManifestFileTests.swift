import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Which files count as manifests: the daemon and `winctl apps` pass over the same ones (a
/// broken link, a directory), so both settle on the same manifest (found by an outside probe).
@Suite("Manifest files")
struct ManifestFileTests {
    @Test(
        "a broken link and a directory in a higher directory are passed over for a regular file (or a link to one) below"
    )
    func passedOver() throws {
        let root = "/tmp/wp-manifest-\(getpid())"
        defer { _ = system("rm -rf '\(root)'") }
        for directory in ["config/windowd/apps", "data/windowd/apps", "dirs/windowd/apps"] {
            #expect(system("mkdir -p '\(root)/\(directory)'") == 0)
        }
        #expect(symlink("\(root)/nowhere.toml", "\(root)/config/windowd/apps/ghost.toml") == 0)
        #expect(mkdir("\(root)/config/windowd/apps/folder.toml", 0o700) == 0)
        for name in ["ghost", "folder"] {
            #expect(
                system("printf '[groups.main]\\nvalue = \"none\"\\n' > '\(root)/data/windowd/apps/\(name).toml'") == 0
            )
        }
        #expect(symlink("\(root)/data/windowd/apps/ghost.toml", "\(root)/dirs/windowd/apps/linked.toml") == 0)
        let environment = [
            "HOME": root, "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data",
            "XDG_DATA_DIRS": root + "/dirs",
        ]
        for name in ["ghost", "folder"] {
            let app = try AppID(validating: name)
            #expect(
                ManifestSearch.manifest(for: app, environment: environment) == "\(root)/data/windowd/apps/\(name).toml"
            )
        }
        #expect(
            ManifestSearch.manifest(for: try AppID(validating: "linked"), environment: environment)
                == "\(root)/dirs/windowd/apps/linked.toml"
        )
        #expect(!ManifestSearch.isManifestFile("\(root)/config/windowd/apps/ghost.toml"))
        #expect(!ManifestSearch.isManifestFile("\(root)/config/windowd/apps/folder.toml"))
    }
}

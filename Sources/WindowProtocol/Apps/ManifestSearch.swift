import Glibc

/// Where apps' manifests are installed, in the order windowd looks (windowd(8), Apps and instances): the first
/// `APP_ID.toml` found wins, as with systemd unit directories and `.desktop` files.
///
/// A pure function of the environment; the daemon uses it to find one app's manifest, and
/// `winctl apps` to list every installed one.
public enum ManifestSearch {
    /// The environment variables the directories depend on.
    public static let variables = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"]

    /// `$XDG_CONFIG_HOME/windowd/apps` (default `~/.config`), `/etc/windowd/apps`,
    /// `$XDG_DATA_HOME/windowd/apps` (default `~/.local/share`), then each of `$XDG_DATA_DIRS`
    /// (default `/usr/local/share:/usr/share`) + `/windowd/apps`; without `$HOME` the two
    /// defaults below it are left out. Each directory once, in its first place.
    public static func directories(environment: [String: String]) -> [String] {
        func set(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        let home = set("HOME")
        var bases: [String?] = [
            set("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" },
            "/etc",
            set("XDG_DATA_HOME") ?? home.map { $0 + "/.local/share" },
        ]
        let dataDirectories = (set("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").map(
            String.init
        )
        bases += dataDirectories.map { Optional($0) }
        var result: [String] = []
        for case let base? in bases {
            // XDG requires absolute paths; a relative one would depend on the working directory.
            guard base.hasPrefix("/") else { continue }
            let directory = trimmed(base) + "/windowd/apps"
            if !result.contains(directory) { result.append(directory) }
        }
        return result
    }

    /// Whether `path` is a manifest that counts: a regular file, through any symbolic links. A
    /// broken link or a directory is passed over, and the search goes on to the next directory,
    /// for the daemon and `winctl apps` alike.
    public static func isManifestFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The first `APP_ID.toml` in ``directories(environment:)`` for which `exists` is true
    /// (``isManifestFile(_:)`` unless a test says otherwise).
    public static func manifest(
        for app: AppID,
        environment: [String: String],
        exists: (String) -> Bool = isManifestFile
    ) -> String? {
        directories(environment: environment).lazy.map { $0 + "/" + app.rawValue + ".toml" }.first(where: exists)
    }

    /// `/a/b/` as `/a/b`; `/` stays `` so that `/windowd/apps` follows it.
    private static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

import Glibc
public import WindowProtocol

/// The apps whose manifests are installed (windowd(8), Apps and instances), as `winctl apps` lists them.
public enum InstalledApps {
    /// One installed app: its id, the manifest in force, and its socket.
    public struct App: Sendable, Equatable {
        /// The app id, the manifest's name without `.toml`.
        public var id: AppID
        /// The manifest windowd uses: the first found in ``ManifestSearch/directories(environment:)``.
        public var manifest: String
        /// Where its instance listens.
        public var socket: String
    }

    /// Every `APP_ID.toml` in the manifest directories of `environment`, the first found of each
    /// id (as windowd looks it up), sorted by id; files whose name is not an app id are skipped.
    public static func list(environment: [String: String], uid: UInt32) -> [App] {
        var found: [String: App] = [:]
        for directory in ManifestSearch.directories(environment: environment) {
            for name in entries(of: directory) where name.hasSuffix(".toml") {
                guard let id = try? AppID(validating: String(name.dropLast(5))), found[id.rawValue] == nil,
                    ManifestSearch.isManifestFile(directory + "/" + name)
                else { continue }
                found[id.rawValue] = App(
                    id: id,
                    manifest: directory + "/" + name,
                    socket: SocketPath.forApp(id, environment: environment, uid: uid)
                )
            }
        }
        return found.keys.sorted().map { found[$0]! }
    }

    /// The names in `directory`; none if it cannot be read.
    private static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}

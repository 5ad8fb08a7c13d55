import Glibc

/// A file path as a window value of a `path` group takes it: absolute and normal, its symbolic
/// links resolved as far as the file exists, so that `notes.md` from `~` and `~/./notes.md` from
/// `/` are one window (windowd.toml(5), "path"). The one normalisation of winctl and WindowKit;
/// the Python client's `os.path.realpath` does the same.
package enum NormalPath {
    /// `path` made absolute against `directory` (this process's working directory by default)
    /// and normal: the deepest part of it that exists is resolved by `realPath` (every symbolic
    /// link, `.` and `..` of it), the rest is joined on lexically (empty and `.` components
    /// dropped, `..` taking off the component before it). Never fails: a path that does not exist
    /// at all is normal on its own terms. The empty path names no file (`open("")` fails with
    /// ENOENT) and stays empty, for the daemon to refuse, rather than becoming the directory.
    package static func of(
        _ path: String,
        from directory: String? = nil,
        realPath: (String) -> String? = NormalPath.realPath
    ) -> String {
        guard !path.isEmpty else { return path }
        let absolute = path.hasPrefix("/") ? path : (directory ?? currentDirectory()) + "/" + path
        return resolved(absolute, realPath: realPath)
    }

    /// `absolute` resolved where it exists, joined on lexically where it does not.
    private static func resolved(_ absolute: String, realPath: (String) -> String?) -> String {
        if let real = realPath(absolute) { return real }
        var components = absolute.split(separator: "/")
        guard let last = components.popLast() else { return "/" }
        let parent = resolved("/" + components.joined(separator: "/"), realPath: realPath)
        switch last {
        case ".":
            return parent
        case "..":
            return parent.lastIndex(of: "/").map { $0 == parent.startIndex ? "/" : String(parent[..<$0]) } ?? "/"
        default:
            return (parent == "/" ? "" : parent) + "/" + last
        }
    }

    /// The file system's own name of `path` (`realpath(3)`): absolute, every link resolved;
    /// `nil` when some part of it does not exist or cannot be searched.
    package static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// This process's working directory (`getcwd(3)`); `/` if it cannot be read (removed).
    package static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

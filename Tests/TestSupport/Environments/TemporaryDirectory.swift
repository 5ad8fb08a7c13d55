#if canImport(Glibc)
import Glibc
#endif
import WindowPlaces

/// A short private directory under /tmp for one environment's sockets, configs and logs
/// (socket paths must stay under 108 bytes), removed with everything in it.
package final class TemporaryDirectory: @unchecked Sendable {
    package let path: String

    package init(_ prefix: String) throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("mkdtemp: \(String(cString: strerror(errno)))") }
        path = String(cString: made)
    }

    /// `name` inside the directory.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name`; its path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let path = file(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FixtureError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else { throw FixtureError("\(path): short write") }
        return path
    }

    /// The text of `name`, or `nil`.
    package func read(_ name: String) -> String? {
        let fd = open(file(name), O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        ProcessRunner.run(["rm", "-rf", path])
    }
}

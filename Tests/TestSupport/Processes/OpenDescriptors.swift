import Foundation

#if canImport(Glibc)
package import Glibc
#endif

/// What a process holds open, read from `/proc/PID/fd`.
package struct OpenDescriptors: Equatable, CustomStringConvertible {
    /// Each descriptor's number and what it points at (`socket:[123]`, `anon_inode:[eventpoll]`, a path).
    package let targets: [Int32: String]

    /// The descriptors of process `pid` now.
    package init(of pid: pid_t) {
        var targets: [Int32: String] = [:]
        let directory = "/proc/\(pid)/fd"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let fd = Int32(name) else { continue }
            targets[fd] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)")) ?? "?"
        }
        self.targets = targets
    }

    package var count: Int { targets.count }

    /// How many point at `target` exactly (such as `anon_inode:[eventpoll]`).
    package func count(of target: String) -> Int { targets.values.filter { $0 == target }.count }

    /// Sockets held at more than one descriptor: a copy that keeps a connection open.
    package var duplicatedSockets: [String] {
        Dictionary(grouping: targets.values.filter { $0.hasPrefix("socket:") }, by: { $0 }).filter {
            $0.value.count > 1
        }.keys.sorted()
    }

    package var description: String {
        targets.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }.joined(separator: ", ")
    }
}

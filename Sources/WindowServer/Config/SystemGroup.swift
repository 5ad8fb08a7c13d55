import Glibc

/// A group of this system by name, as `allowed_group` names it.
///
/// ```swift
/// SystemGroup.id(named: "windowd")        // 998, or nil if there is no such group
/// SystemGroup.problem(with: "wheeel")     // "names no group on this system …"
/// ```
enum SystemGroup {
    /// The gid of the group `name`; `nil` for an empty name or a group that does not exist.
    static func id(named name: String) -> UInt32? {
        guard !name.isEmpty else { return nil }
        var entry = group()
        var found: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        while true {
            let status = getgrnam_r(name, &entry, &buffer, buffer.count, &found)
            if status == ERANGE, buffer.count < 1 << 24 {
                buffer = [CChar](repeating: 0, count: buffer.count * 4)
                continue
            }
            return status == 0 && found != nil ? entry.gr_gid : nil
        }
    }

    /// Why `name` cannot be `allowed_group`, after the key; `nil` if it can (`""` is none).
    static func problem(with name: String) -> String? {
        guard !name.isEmpty, id(named: name) == nil else { return nil }
        return
            "names no group on this system (\"\(name)\"); create it (groupadd \(name)) or name an existing group, or \"\" for none"
    }
}

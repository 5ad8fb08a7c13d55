import Glibc

/// This process under another name, as tools that list processes see it: the name in
/// `/proc/self/comm` (`ps -e`, `top`, `pgrep -x`) and the title written over its arguments in
/// `/proc/self/cmdline` (`ps -f`, and the first word of which tmux names a pane and kitty a
/// window after), as systemd's and `setproctitle`'s renaming do.
///
/// ```swift
/// ProcessTitle.rename("winctl", title: "vim notes.md (winctl run)")   // ps -e: winctl; tmux: vim
/// ```
package enum ProcessTitle {
    /// Takes the name `name` and writes `title` over the arguments, as far as the arguments this
    /// process started with have room (the kernel keeps them where they were).
    package static func rename(_ name: String, title: String) {
        // The name of the process (its first thread's, whichever thread writes), at most 15
        // bytes, as PR_SET_NAME takes it.
        let comm = open("/proc/self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 {
            _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
            close(comm)
        }
        guard let area = argumentArea(), let start = UnsafeMutablePointer<UInt8>(bitPattern: area.start) else {
            return
        }
        let bytes = arguments([title], fitting: area.end - area.start)
        start.update(from: bytes, count: bytes.count)
    }

    /// This process's name (its first thread's, as ``rename(_:title:)`` set it); `nil` if it
    /// cannot be read.
    package static func name() -> String? {
        WholeFile.text("/proc/self/comm").map { String($0.prefix { $0 != "\n" }) }
    }

    /// `argv` as the kernel keeps arguments (each ended by a NUL), cut to `capacity` bytes and
    /// filled to it with NULs, its last byte a NUL (the kernel then reads the whole area as the
    /// arguments, and nothing beyond it).
    package static func arguments(_ argv: [String], fitting capacity: Int) -> [UInt8] {
        guard capacity > 0 else { return [] }
        var bytes: [UInt8] = []
        for argument in argv { bytes += Array(argument.utf8) + [0] }
        bytes = Array(bytes.prefix(capacity - 1))
        bytes += [UInt8](repeating: 0, count: capacity - bytes.count)
        return bytes
    }

    /// Where this process's arguments are: fields 48 and 49 of `/proc/self/stat` (after the
    /// name in parentheses, which may hold spaces).
    static func argumentArea() -> (start: Int, end: Int)? {
        guard let stat = WholeFile.text("/proc/self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (the state).
        guard fields.count > 46, let start = Int(fields[45]), let end = Int(fields[46]), end > start else {
            return nil
        }
        return (start, end)
    }
}

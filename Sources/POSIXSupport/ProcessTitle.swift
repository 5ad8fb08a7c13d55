#if canImport(Glibc)
import Glibc
#endif

/// This process under another name, as tools that find a terminal's foreground program see
/// it: the name in `/proc/self/comm` (`ps -o comm`, `pgrep`) and the arguments in
/// `/proc/self/cmdline` (tmux's `#{pane_current_command}` and window names, kitty's `ls`).
/// `winctl run` takes its program's, since it is that program in its user's terminal, as
/// systemd's and `setproctitle`'s renaming do.
///
/// ```swift
/// ProcessTitle.rename(to: ["vim", "notes.md"])   // ps: vim notes.md; tmux: vim
/// ```
package enum ProcessTitle {
    /// Takes `argv`'s name and arguments, as far as the arguments this process started with have
    /// room (the kernel keeps them where they were; they are overwritten there).
    package static func rename(to argv: [String]) {
        guard let first = argv.first else { return }
        // The name of the process (its first thread's), at most 15 bytes, as PR_SET_NAME takes it.
        let name = Array((first.split(separator: "/").last.map(String.init) ?? first).utf8.prefix(15))
        let comm = open("/proc/self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 {
            _ = name.withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
            close(comm)
        }
        guard let area = argumentArea(), let start = UnsafeMutablePointer<UInt8>(bitPattern: area.start) else {
            return
        }
        let bytes = arguments(argv, fitting: area.end - area.start)
        start.update(from: bytes, count: bytes.count)
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

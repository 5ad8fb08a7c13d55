import Glibc

/// The `winctl` that a `run` group's command names (windowd.toml(5), `run`): the one installed
/// beside this windowd, so that the presenter speaks the daemon's own protocol version and is
/// found whatever the `PATH` of the place it starts in (a tmux server's, a terminal emulator's);
/// else plain `winctl`, looked up on that `PATH`.
enum WinctlProgram {
    /// The path, found once per process.
    static let path: String = beside(executable: ownExecutable()) ?? "winctl"

    /// `winctl` in the directory of `executable`, when it is an executable file there.
    static func beside(executable: String?) -> String? {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return nil }
        let candidate = String(executable[..<slash]) + "/winctl"
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    /// This process's executable, from `/proc/self/exe`.
    private static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

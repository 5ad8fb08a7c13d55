import ArgumentParser
import Glibc
import POSIXSupport
import WinctlOutput

/// Hands `winctl attach` over to `winctl-attach`, the presenter, by replacing this process with it.
///
/// The presenter runs on WindowKit and so on SwiftNIO; the one-shot commands do not link either,
/// because every type a binary holds makes each of its first protocol-conformance lookups slower
/// (a `winctl open` costs about a millisecond more with NIO inside). `exec` keeps the pid, the
/// terminal and the signals, so a shell, tmux or a test sees one `winctl` process throughout.
///
/// The presenter is looked for next to this binary (the build directory, or a bin directory
/// that holds both), then in `../libexec/windowd/` from it (where `make install` puts it).
enum PresenterLauncher {
    /// The presenter's file name.
    static let name = "winctl-attach"

    /// Replaces this process with the presenter, run with `arguments`; returns only if it cannot
    /// be started, with exit status 69 after saying why (having given standard input's terminal
    /// back the settings `terminalBefore` first, if `winctl run` had taken it raw).
    static func exec(_ arguments: [String], terminalBefore: termios? = nil) -> ExitCode {
        let candidates = searchPaths()
        guard let path = candidates.first(where: { access($0, X_OK) == 0 }) else {
            if let terminalBefore { TerminalSettings.restore(terminalBefore) }
            Console.error("cannot present: \(name) is not installed (looked for \(candidates.joined(separator: ", ")))")
            return ExitStatus.unavailable
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        if let terminalBefore { TerminalSettings.restore(terminalBefore) }
        Console.error("cannot start \(path): \(reason)")
        return ExitStatus.unavailable
    }

    /// Where the presenter may be, in the order tried.
    static func searchPaths() -> [String] {
        let directory = parent(of: executablePath())
        return [directory + "/" + name, parent(of: directory) + "/libexec/windowd/" + name]
    }

    /// This executable (`/proc/self/exe`), else `argv[0]`.
    private static func executablePath() -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : CommandLine.arguments[0]
    }

    /// `path` without its last component: `/usr/bin` for `/usr/bin/winctl`, `""` (the root, as a
    /// prefix) for `/winctl`, `.` for `winctl`.
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

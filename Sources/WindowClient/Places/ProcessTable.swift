import Glibc
import POSIXSupport

/// What `/proc` says about a process: its environment, parent, terminal and program.
public enum ProcessTable {
    /// The environment process `pid` started with, or `nil` if it cannot be read.
    public static func environment(of pid: Int32) -> [String: String]? {
        guard let bytes = try? WholeFile.read("/proc/\(pid)/environ") else { return nil }
        var environment: [String: String] = [:]
        for entry in bytes.split(separator: 0) {
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            environment[String(decoding: entry[..<equals], as: UTF8.self)] = String(
                decoding: entry[(equals + 1)...],
                as: UTF8.self
            )
        }
        return environment
    }

    /// The parent of `pid` and its controlling terminal's device number, from `/proc/PID/stat`.
    public static func status(of pid: Int32) -> (parent: Int32, terminal: Int64)? {
        guard let bytes = try? WholeFile.read("/proc/\(pid)/stat"), let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        // After "pid (comm)": state ppid pgrp session tty_nr …; comm may hold spaces and parentheses.
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 4, let parent = Int32(String(decoding: fields[1], as: UTF8.self)),
            let terminal = Int64(String(decoding: fields[4], as: UTF8.self))
        else { return nil }
        return (parent, terminal)
    }

    /// The program process `pid` runs (`/proc/PID/exe`), or `nil`.
    public static func executable(of pid: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The program of the terminal emulator (``TerminalEmulator/known``) this user started last,
    /// or `nil`: the highest pid of this user's processes whose program is one (pids wrap, rarely).
    public static func newestTerminal() -> String? {
        guard let proc = opendir("/proc") else { return nil }
        defer { closedir(proc) }
        var newest: (pid: Int32, program: String)?
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), pid > newest?.pid ?? 0, let program = executable(of: pid),
                TerminalEmulator.known.contains(TerminalEmulator.name(of: program))
            else { continue }
            var owner = stat()
            guard stat("/proc/\(pid)", &owner) == 0, owner.st_uid == getuid() else { continue }
            newest = (pid, program)
        }
        return newest?.program
    }

    /// The terminal emulator `pid` runs in: its nearest ancestor outside its terminal (with
    /// another controlling terminal, or none), e.g. foot for a shell in foot; `nil` if none.
    public static func terminalPID(of pid: Int32) -> Int32? {
        guard let own = status(of: pid), own.terminal != 0 else { return nil }
        var current = own.parent
        while current > 1, let status = status(of: current) {
            if status.terminal != own.terminal { return current }
            current = status.parent
        }
        return nil
    }
}

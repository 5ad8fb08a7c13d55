/// A presenter's process as it can be told apart after a restart of windowd: its pid, its start
/// time (field 22 of `/proc/PID/stat`, clock ticks since boot) and the boot it ran in
/// (`/proc/sys/kernel/random/boot_id`). Pure: the caller reads `/proc`, this decides.
///
/// ```swift
/// let kept = PresenterProcess(pid: 4242, bootID: boot, stat: statOfPID4242)
/// kept?.state(bootID: bootNow, stat: statOfPID4242Now)    // .gone, .stopped or .running
/// ```
package struct PresenterProcess: Sendable, Hashable {
    /// What a kept presenter is now.
    package enum State: Sendable, Equatable {
        /// Ended, or from another boot: its window may be presented anew.
        case gone
        /// Stopped (Ctrl-Z, SIGSTOP, a debugger): `fg` continues it, and it attaches again.
        case stopped
        /// Running, and not attached again yet.
        case running
    }

    /// What a kept process is now, read from `/proc` by the server.
    package typealias Probe = (PresenterProcess) -> State

    package var pid: Int32
    package var startTime: UInt64
    package var bootID: String

    package init(pid: Int32, startTime: UInt64, bootID: String) {
        self.pid = pid
        self.startTime = startTime
        self.bootID = bootID
    }

    /// The process `pid` whose `/proc/PID/stat` reads `stat`, in boot `bootID`; `nil` when the
    /// text is not a stat line.
    package init?(pid: Int32, bootID: String, stat: String) {
        guard let fields = Self.fields(stat) else { return nil }
        self.init(pid: pid, startTime: fields.startTime, bootID: bootID)
    }

    /// What this process is now, given the boot id now and its pid's `/proc/PID/stat` now
    /// (`nil`: no such pid): another boot, no such pid or another start time is `gone`; state
    /// `T` or `t` is `stopped`; anything else `running`.
    package func state(bootID now: String, stat: String?) -> State {
        guard now == bootID, let stat, let fields = Self.fields(stat), fields.startTime == startTime else {
            return .gone
        }
        return fields.state == "T" || fields.state == "t" ? .stopped : .running
    }

    /// The state (field 3) and start time (field 22) of a stat line. The command (field 2) is
    /// in parentheses and may hold spaces and parentheses itself: fields are counted after the
    /// last `)`.
    private static func fields(_ stat: String) -> (state: Character, startTime: UInt64)? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let rest = stat[stat.index(after: close)...].split(separator: " ")
        // rest[0] is field 3, so field 22 is rest[19].
        guard rest.count > 19, let state = rest[0].first, let start = UInt64(rest[19]) else { return nil }
        return (state, start)
    }

    /// The form the store keeps: `pid start-time boot-id`.
    package var text: String { "\(pid) \(startTime) \(bootID)" }

    /// The process kept as ``text``; `nil` for anything else.
    package init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let pid = Int32(parts[0]), let start = UInt64(parts[1]) else { return nil }
        self.init(pid: pid, startTime: start, bootID: String(parts[2]))
    }
}

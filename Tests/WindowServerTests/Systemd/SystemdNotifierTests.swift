import TestSupport
import Testing
import WindowServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ProcessEnvironmentTests {
    /// The notifier against a real datagram socket, through real libsystemd.
    @Suite struct SystemdNotifierTests {
        @Test func isEnabledFollowsNotifySocket() throws {
            let unset = try ChildProcess.run {
                setEnvironment(["NOTIFY_SOCKET": nil])
                return "\(SystemdNotifier().isEnabled)"
            }
            #expect(unset == "false")
            let listener = try NotifyListener()
            #expect(try listener.capture { "\($0.isEnabled)" }.output == "true")
        }

        @Test func readySendsReadyAndStatusInOneDatagram() throws {
            let listener = try NotifyListener()
            let result = try listener.capture { notifier in
                notifier.ready(status: "12 windows, 3 attached, phase active, authenticated")
                // The variable stays, so later notifications still reach the manager.
                return environmentValue("NOTIFY_SOCKET")
            }
            #expect(result.datagrams == ["READY=1\nSTATUS=12 windows, 3 attached, phase active, authenticated"])
            #expect(result.output == listener.path)
        }

        @Test func statusReplacesNewlinesSoNoAssignmentIsInjected() throws {
            let listener = try NotifyListener()
            let result = try listener.capture { notifier in
                notifier.status("two\nlines\nREADY=1")
                return ""
            }
            #expect(result.datagrams == ["STATUS=two lines READY=1"])
        }

        @Test func reloadingCarriesMonotonicTimeOfNow() throws {
            let listener = try NotifyListener()
            let before = monotonicMicroseconds()
            let result = try listener.capture { notifier in
                notifier.reloading()
                return ""
            }
            let after = monotonicMicroseconds()
            #expect(result.datagrams.count == 1)
            let lines = try #require(result.datagrams.first).split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first == "RELOADING=1")
            let stamp = try #require(lines.last?.split(separator: "=", maxSplits: 1))
            #expect(stamp.first == "MONOTONIC_USEC")
            let value = try #require(UInt64(stamp.last ?? ""))
            #expect(value >= before && value <= after)
        }

        @Test func stoppingWithAndWithoutStatus() throws {
            let listener = try NotifyListener()
            let result = try listener.capture { notifier in
                notifier.stopping()
                notifier.stopping(status: "saving 12 windows")
                return ""
            }
            #expect(result.datagrams == ["STOPPING=1", "STOPPING=1\nSTATUS=saving 12 windows"])
        }

        @Test func watchdogPingSendsWatchdog() throws {
            let listener = try NotifyListener()
            let result = try listener.capture { notifier in
                notifier.watchdogPing()
                return ""
            }
            #expect(result.datagrams == ["WATCHDOG=1"])
        }

        @Test func startFailedSendsErrnoAndExitStatus() throws {
            let listener = try NotifyListener()
            let result = try listener.capture { notifier in
                notifier.startFailed(errno: EADDRINUSE, exitStatus: nil, status: "socket in use")
                notifier.startFailed(errno: nil, exitStatus: 78, status: "bad config")
                notifier.startFailed(errno: 2, exitStatus: 1, status: "both")
                return ""
            }
            #expect(
                result.datagrams == [
                    "ERRNO=\(EADDRINUSE)\nSTATUS=socket in use",
                    "EXIT_STATUS=78\nSTATUS=bad config",
                    "ERRNO=2\nEXIT_STATUS=1\nSTATUS=both",
                ]
            )
        }

        @Test func callsWithoutNotifySocketAreHarmless() throws {
            let output = try ChildProcess.run {
                setEnvironment(["NOTIFY_SOCKET": nil])
                let notifier = SystemdNotifier()
                notifier.ready(status: "nobody listens")
                notifier.reloading()
                notifier.watchdogPing()
                notifier.stopping()
                return "done"
            }
            #expect(output == "done")
        }

        @Test func watchdogIntervalIsTheFullWatchdogUsec() throws {
            let expected = "\(Duration.microseconds(200_000))"
            let withPID = try ChildProcess.run {
                setEnvironment(["WATCHDOG_USEC": "200000", "WATCHDOG_PID": String(getpid())])
                // Read without unsetting: the daemon may ask again after a reload.
                return describe(SystemdNotifier().watchdogInterval) + " " + environmentValue("WATCHDOG_USEC")
            }
            #expect(withPID == "\(expected) 200000")
            let withoutPID = try ChildProcess.run {
                setEnvironment(["WATCHDOG_USEC": "200000", "WATCHDOG_PID": nil])
                return describe(SystemdNotifier().watchdogInterval)
            }
            #expect(withoutPID == expected)
        }

        @Test(arguments: [
            [String: String?](),
            ["WATCHDOG_USEC": "200000", "WATCHDOG_PID": "other"],
            ["WATCHDOG_USEC": "soon"],
            ["WATCHDOG_USEC": "0"],
        ])
        func watchdogIntervalIsNilWhenDisabledOrMeantForAnotherProcess(environment: [String: String?]) throws {
            let output = try ChildProcess.run {
                setEnvironment(["WATCHDOG_USEC": nil, "WATCHDOG_PID": nil])
                var values = environment
                if values["WATCHDOG_PID"] == "other" {
                    values["WATCHDOG_PID"] = String(getpid() + 1)
                }
                setEnvironment(values)
                return describe(SystemdNotifier().watchdogInterval)
            }
            #expect(output == "nil")
        }
    }
}

/// `nil`, or the duration's own description.
private func describe(_ interval: Duration?) -> String {
    interval.map { "\($0)" } ?? "nil"
}

/// Now on `CLOCK_MONOTONIC` in microseconds, read independently of the code under test.
private func monotonicMicroseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
}

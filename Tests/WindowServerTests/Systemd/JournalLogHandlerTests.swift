import Logging
import Testing
import WindowServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The handler's metadata merging, without a journal.
@Suite struct JournalLogHandlerTests {
    @Test func recordMetadataWinsOverProviderAndHandlerMetadata() {
        let provider = Logger.MetadataProvider { ["request": "from-provider", "trace": "t1"] }
        var handler = JournalLogHandler(label: "windowd.test", identifier: "windowd", metadataProvider: provider)
        handler[metadataKey: "request"] = "from-handler"
        handler[metadataKey: "daemon"] = "windowd"
        let event = LogEvent(
            level: .warning,
            message: "queue full",
            metadata: ["request": "from-record"],
            source: nil,
            file: "WindowServer/Queue.swift",
            function: "push()",
            line: 9
        )
        let fields = handler.fields(for: event)
        #expect(
            Array(fields.prefix(7)) == [
                "MESSAGE=queue full", "PRIORITY=4", "CODE_FILE=WindowServer/Queue.swift", "CODE_LINE=9",
                "CODE_FUNC=push()", "SYSLOG_IDENTIFIER=windowd", "LOGGER=windowd.test",
            ]
        )
        #expect(Array(fields.dropFirst(7)) == ["DAEMON=windowd", "REQUEST=from-record", "TRACE=t1"])
    }

    @Test func defaultsToInfoLevel() {
        #expect(JournalLogHandler(label: "l", identifier: "windowd").logLevel == .info)
    }
}

extension ProcessEnvironmentTests {
    /// `JOURNAL_STREAM` detection, which reads the environment.
    @Suite struct JournalConnectionTests {
        @Test func connectedWhenJournalStreamNamesStderr() throws {
            let output = try ChildProcess.run {
                var status = stat()
                guard fstat(2, &status) == 0 else { return "fstat failed" }
                setEnvironment(["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"])
                return "\(JournalLogHandler.isConnectedToJournal())"
            }
            #expect(output == "true")
        }

        @Test(arguments: [nil, "", "1:2", "garbage", "12", "1:2:3"] as [String?])
        func notConnectedOtherwise(value: String?) throws {
            let output = try ChildProcess.run {
                setEnvironment(["JOURNAL_STREAM": value])
                return "\(JournalLogHandler.isConnectedToJournal())"
            }
            #expect(output == "false")
        }
    }
}

/// Sending through real libsystemd, to a journal socket the test plays: in a child process with
/// a mount namespace of its own, a tmpfs over `/run` holds `/run/systemd/journal/socket`, where
/// libsystemd sends (nothing of the machine's `/run` is touched).
@Suite struct JournalSendingTests {
    @Test(
        "a log line reaches the journal socket as one datagram of its fields",
        .enabled(if: getuid() == 0, "needs root for a mount namespace of its own")
    )
    func loggingReachesTheJournal() throws {
        let output = try ChildProcess.run {
            // unshare(2) and CLONE_NEWNS, which Glibc shows Swift only with _GNU_SOURCE.
            typealias Unshare = @convention(c) (Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare") else { return "no unshare" }
            let unshare = unsafeBitCast(symbol, to: Unshare.self)
            let newMountNamespace: Int32 = 0x0002_0000
            guard unshare(newMountNamespace) == 0, mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0,
                mount("tmpfs", "/run", "tmpfs", 0, nil) == 0
            else { return "cannot make a mount namespace: \(errno)" }
            mkdir("/run/systemd", 0o755)
            mkdir("/run/systemd/journal", 0o755)
            let journal = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { path in
                for (index, byte) in "/run/systemd/journal/socket".utf8.enumerated() { path[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(journal, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard bound == 0 else { return "cannot bind the journal socket: \(errno)" }
            let logger = Logger(label: "windowd.test") { JournalLogHandler(label: $0, identifier: "windowd-test") }
            logger.info("hello from the SystemdSupport tests", metadata: ["windowID": "1"])
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(journal, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let count = buffer.withUnsafeMutableBytes { recv(journal, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return "no datagram: \(errno)" }
            return String(decoding: buffer[0..<count], as: UTF8.self)
        }
        let fields = output.split(separator: "\n").map(String.init)
        for field in [
            "MESSAGE=hello from the SystemdSupport tests", "PRIORITY=6", "SYSLOG_IDENTIFIER=windowd-test",
            "LOGGER=windowd.test", "WINDOW_ID=1",
        ] {
            #expect(fields.contains(field), "\(field) in \(output)")
        }
    }
}

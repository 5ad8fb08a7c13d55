import Logging
import SystemdSupport
import Testing

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
            level: .warning, message: "queue full", metadata: ["request": "from-record"],
            source: nil, file: "WindowServer/Queue.swift", function: "push()", line: 9
        )
        let fields = handler.fields(for: event)
        #expect(Array(fields.prefix(7)) == [
            "MESSAGE=queue full", "PRIORITY=4", "CODE_FILE=WindowServer/Queue.swift", "CODE_LINE=9",
            "CODE_FUNC=push()", "SYSLOG_IDENTIFIER=windowd", "LOGGER=windowd.test",
        ])
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

/// Sending through real libsystemd; no journal listens on a build machine.
@Suite struct JournalSendingTests {
    @Test func loggingWithoutAJournalDoesNotFail() {
        let logger = Logger(label: "windowd.test") { JournalLogHandler(label: $0, identifier: "windowd-test") }
        logger.info("hello from the SystemdSupport tests", metadata: ["windowID": "1"])
    }
}

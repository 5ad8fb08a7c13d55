import Logging
import Testing
import WindowServer

/// The fields of one journal entry, built without a journal.
@Suite struct JournalFieldsTests {
    @Test(arguments: [
        (Logger.Level.trace, 7), (.debug, 7), (.info, 6), (.notice, 5), (.warning, 4), (.error, 3), (.critical, 2),
    ])
    func levelsMapToSyslogPriorities(level: Logger.Level, priority: Int) {
        #expect(level.journalPriority == priority)
        let fields = makeFields(level: level)
        #expect(fields.contains("PRIORITY=\(priority)"))
    }

    @Test func fixedFieldsComeFirstThenMetadataSortedByKey() {
        let fields = JournalFields.make(
            message: "window opened\nsecond line",
            level: .notice,
            metadata: ["windowID": "42", "group": "detail", "peer.uid": .stringConvertible(1000)],
            identifier: "windowd",
            label: "windowd.server",
            file: "WindowServer/Server.swift",
            function: "open(_:)",
            line: 17
        )
        #expect(
            fields == [
                "MESSAGE=window opened\nsecond line",
                "PRIORITY=5",
                "CODE_FILE=WindowServer/Server.swift",
                "CODE_LINE=17",
                "CODE_FUNC=open(_:)",
                "SYSLOG_IDENTIFIER=windowd",
                "LOGGER=windowd.server",
                "GROUP=detail",
                "PEER_UID=1000",
                "WINDOW_ID=42",
            ]
        )
    }

    @Test func metadataCannotOverrideTheFixedFields() {
        let fields = makeFields(metadata: ["message": "spoofed", "priority": "0", "syslog_identifier": "sshd"])
        #expect(fields.filter { $0.hasPrefix("MESSAGE=") } == ["MESSAGE=hello"])
        #expect(fields.contains("META_MESSAGE=spoofed"))
        #expect(fields.contains("META_PRIORITY=0"))
        #expect(fields.contains("META_SYSLOG_IDENTIFIER=sshd"))
    }

    @Test func nestedMetadataIsRenderedAsSwiftLogDoes() {
        let fields = makeFields(metadata: ["ids": ["1", "2"]])
        #expect(fields.contains(#"IDS=["1", "2"]"#))
    }

    @Test func anErrorBecomesTheErrorField() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk full" } }
        let fields = JournalFields.make(
            message: "m",
            level: .error,
            metadata: [:],
            error: Broken(),
            identifier: "windowd",
            label: "l",
            file: "f",
            function: "g",
            line: 1
        )
        #expect(fields.contains("ERROR=disk full"))
    }

    @Test func everyFieldNameIsValid() {
        let fields = makeFields(metadata: ["": "a", "9lives": "b", "__x": "c", "ünï": "d"])
        for field in fields {
            let name = String(field.prefix { $0 != "=" })
            #expect(isValidJournalFieldName(name), "\(field)")
        }
    }

    private func makeFields(level: Logger.Level = .info, metadata: Logger.Metadata = [:]) -> [String] {
        JournalFields.make(
            message: "hello",
            level: level,
            metadata: metadata,
            identifier: "windowd",
            label: "test",
            file: "F.swift",
            function: "f()",
            line: 1
        )
    }
}

package import Logging

/// Builds the `FIELD=value` strings of one journal entry, without I/O.
package enum JournalFields {
    /// The fields ``make(message:level:metadata:error:identifier:label:file:function:line:)`` sets itself.
    ///
    /// A metadata key that maps to one of these gets ``JournalFieldName/prefix``
    /// instead of overriding it (`message` → `META_MESSAGE`).
    package static let reserved: Set<String> = [
        "MESSAGE", "PRIORITY", "CODE_FILE", "CODE_LINE", "CODE_FUNC",
        "SYSLOG_IDENTIFIER", "LOGGER", "ERROR",
    ]

    /// Returns the fields of one entry: the fixed ones first, then the metadata sorted by key.
    ///
    /// - Parameters:
    ///   - message: `MESSAGE=`; may span lines (the journal stores it as is).
    ///   - level: mapped to `PRIORITY=` by ``Logging/Logger/Level/journalPriority``.
    ///   - metadata: each key becomes a field named by ``JournalFieldName/make(from:reserved:)``.
    ///   - error: when given, `ERROR=` with its description.
    ///   - identifier: `SYSLOG_IDENTIFIER=`, what `journalctl -t` filters on.
    ///   - label: `LOGGER=`, the swift-log logger label.
    ///   - file: `CODE_FILE=`.
    ///   - function: `CODE_FUNC=`.
    ///   - line: `CODE_LINE=`.
    package static func make(
        message: String,
        level: Logger.Level,
        metadata: Logger.Metadata,
        error: (any Error)? = nil,
        identifier: String,
        label: String,
        file: String,
        function: String,
        line: UInt
    ) -> [String] {
        var fields = [
            "MESSAGE=\(message)",
            "PRIORITY=\(level.journalPriority)",
            "CODE_FILE=\(file)",
            "CODE_LINE=\(line)",
            "CODE_FUNC=\(function)",
            "SYSLOG_IDENTIFIER=\(identifier)",
            "LOGGER=\(label)",
        ]
        if let error {
            fields.append("ERROR=\(error)")
        }
        for key in metadata.keys.sorted() {
            let name = JournalFieldName.make(from: key, reserved: reserved)
            fields.append("\(name)=\(metadata[key]!)")
        }
        return fields
    }
}

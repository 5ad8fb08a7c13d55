import CSystemd
import Glibc
package import Logging

/// A swift-log handler that writes structured entries to the systemd journal with `sd_journal_sendv`.
///
/// Each record carries `MESSAGE`, `PRIORITY`, `CODE_FILE`, `CODE_LINE`,
/// `CODE_FUNC`, `SYSLOG_IDENTIFIER`, `LOGGER` and one field per metadata key
/// (see ``JournalFields``). Bootstrap with it when
/// ``isConnectedToJournal()`` is true, and with a stream handler otherwise.
/// Entries are dropped silently when no journal listens.
package struct JournalLogHandler: LogHandler {
    /// The swift-log label of the logger, sent as `LOGGER=`.
    package let label: String

    /// The `SYSLOG_IDENTIFIER=` of every entry, e.g. `windowd`.
    package let identifier: String

    /// The lowest level that is written.
    package var logLevel: Logger.Level

    /// Metadata added to every entry; a record's own metadata wins on the same key.
    package var metadata: Logger.Metadata = [:]

    /// Supplies contextual metadata (e.g. from task-locals) for every entry.
    package var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler for the logger `label`, tagging entries with `identifier`.
    package init(
        label: String,
        identifier: String,
        logLevel: Logger.Level = .info,
        metadataProvider: Logger.MetadataProvider? = nil
    ) {
        self.label = label
        self.identifier = identifier
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
    }

    /// Reads or sets one key of ``metadata``.
    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one record to the journal.
    package func log(event: LogEvent) {
        Self.send(fields(for: event))
    }

    /// The `FIELD=value` strings ``log(event:)`` sends for `event`: handler, provider, then record metadata merged.
    package func fields(for event: LogEvent) -> [String] {
        var merged = metadata
        if let provided = metadataProvider?.get() {
            merged.merge(provided) { _, new in new }
        }
        if let own = event.metadata {
            merged.merge(own) { _, new in new }
        }
        return JournalFields.make(
            message: event.message.description,
            level: event.level,
            metadata: merged,
            error: event.error,
            identifier: identifier,
            label: label,
            file: event.file,
            function: event.function,
            line: event.line
        )
    }

    /// Whether stderr is the journal stream systemd connected (`JOURNAL_STREAM` is `<st_dev>:<st_ino>` of fd 2).
    ///
    /// This is the check `systemd.exec(5)` documents for choosing native
    /// journal logging over writing to stderr.
    package static func isConnectedToJournal() -> Bool {
        guard let value = getenv("JOURNAL_STREAM") else { return false }
        let parts = String(cString: value).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else {
            return false
        }
        var status = stat()
        guard fstat(2, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Sends `fields` as one entry; returns `sd_journal_sendv`'s result (0, or a negative errno).
    @discardableResult
    static func send(_ fields: [String]) -> Int32 {
        // One buffer for all fields, so every iovec points into memory that lives for the call.
        var bytes: [UInt8] = []
        var spans: [(offset: Int, count: Int)] = []
        spans.reserveCapacity(fields.count)
        for field in fields {
            let start = bytes.count
            bytes.append(contentsOf: field.utf8)
            spans.append((start, bytes.count - start))
        }
        return bytes.withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -EINVAL }
            let vectors = spans.map { iovec(iov_base: base + $0.offset, iov_len: $0.count) }
            return vectors.withUnsafeBufferPointer { sd_journal_sendv($0.baseAddress, Int32($0.count)) }
        }
    }
}

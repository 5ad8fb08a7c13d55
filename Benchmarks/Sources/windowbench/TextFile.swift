import POSIXSupport

/// Small whole-file reads and the few string scans the benchmark needs outside its hot loops.
enum TextFile {
    /// The contents of `path`, or "" if it cannot be read.
    static func read(_ path: String) -> String { WholeFile.text(path) ?? "" }

    /// The text after the first `marker` in `text` up to the next `terminator`.
    static func value(after marker: String, in text: String, until terminator: Character) -> String? {
        guard let range = text.firstRange(of: marker) else { return nil }
        let rest = text[range.upperBound...]
        return String(rest.prefix { $0 != terminator })
    }
}

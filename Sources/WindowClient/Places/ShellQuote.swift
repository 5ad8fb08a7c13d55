/// Quoting for the one place a shell cannot be avoided: tmux runs a lone command argument
/// through `sh -c`.
package enum ShellQuote {
    /// `word` as one POSIX shell word: unchanged when it is plain, else in single quotes.
    package static func word(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_./=:,+@%".unicodeScalars.contains(scalar))
            }
        return plain
            ? word
            : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}

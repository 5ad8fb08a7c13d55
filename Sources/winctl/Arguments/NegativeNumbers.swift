/// Lets negative numbers be values: `winctl open detail -5`, `winctl storage set ID k -1.5`.
///
/// ArgumentParser reads any word that starts with `-` as an option. No winctl option is a
/// number, so a word that is a whole negative number is a value, unless it follows an option
/// that takes one (`--timeout -1` is that option's). From the first such word on, the command
/// line is rewritten the way a person would fix it by hand: the options after it move before a
/// `--`, and the values keep their order after it. Which options take a value is
/// ``optionsWithValues``, a list kept here that `NegativeNumbersTests` checks against the help
/// ArgumentParser prints for every command.
enum NegativeNumbers {
    /// `arguments` (without the program name) with every negative number made a value.
    static func rewrite(_ arguments: [String]) -> [String] {
        guard arguments.contains(where: isNumber) else { return arguments }
        return rewrite(arguments, optionsWithValues: optionsWithValues)
    }

    /// The names of every winctl option that takes a value, in any command.
    static let optionsWithValues: Set<String> = [
        "-s", "--socket", "--app", "--timeout", "--group", "--title", "--window", "--phase", "--give-up", "--type",
        "--value",
    ]

    /// The rewrite, with the names (`--socket`, `-s`) of the options that take a value.
    static func rewrite(_ arguments: [String], optionsWithValues: Set<String>) -> [String] {
        let terminator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var first: Int?
        for index in arguments[..<terminator].indices where isNumber(arguments[index]) {
            if index > 0, optionsWithValues.contains(arguments[index - 1]) { continue }
            first = index
            break
        }
        guard let first else { return arguments }
        var options: [String] = []
        var values: [String] = []
        var index = first
        while index < terminator {
            let word = arguments[index]
            if word.hasPrefix("-"), word != "-", !isNumber(word) {
                options.append(word)
                if optionsWithValues.contains(word), index + 1 < terminator {
                    options.append(arguments[index + 1])
                    index += 1
                }
            } else {
                values.append(word)
            }
            index += 1
        }
        // A -- that was there stays, between the values and what followed it (winctl run's program).
        let rest = arguments[terminator...]
        return Array(arguments[..<first]) + options + ["--"] + values + rest
    }

    /// Whether `word` is a whole negative number: `-5`, `-1.5`, `-.5`, `-1e3`.
    static func isNumber(_ word: String) -> Bool {
        guard word.count > 1, word.hasPrefix("-") else { return false }
        let rest = word.dropFirst()
        guard let first = rest.first, first.isASCII, first.isNumber || first == "." else { return false }
        return Double(rest) != nil && !rest.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
    }
}

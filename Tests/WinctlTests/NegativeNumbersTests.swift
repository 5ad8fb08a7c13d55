import ArgumentParser
import Testing

@testable import winctl

/// ``NegativeNumbers`` knows the options that take a value: exactly those ArgumentParser shows
/// with a value in the help of some winctl command.
@Suite("Negative numbers: the options that take a value, as ArgumentParser reads them")
struct NegativeNumbersTests {
    @Test("the list is every option the help of some command shows with a value, and no other")
    func listMatchesHelp() {
        #expect(NegativeNumbers.optionsWithValues == Self.optionsWithValuesInHelp())
    }

    @Test("after an option that takes a value, a negative number is that option's")
    func optionValueStays() {
        #expect(NegativeNumbers.rewrite(["--timeout", "-1", "state"]) == ["--timeout", "-1", "state"])
        #expect(NegativeNumbers.rewrite(["list", "--group", "-3"]) == ["list", "--group", "-3"])
    }

    @Test("a negative value moves after --, options before it, and ArgumentParser reads the line")
    func negativeValueParses() throws {
        let line = NegativeNumbers.rewrite(["open", "detail", "-5", "--app", "orders", "--json"])
        #expect(line == ["open", "detail", "--app", "orders", "--json", "--", "-5"])
        let parsed = try Winctl.parseAsRoot(line)
        #expect(parsed is Winctl.Open)
    }

    /// The names on the help's option lines that carry a `<value>`, for every command.
    private static func optionsWithValuesInHelp() -> Set<String> {
        var names: Set<String> = []
        var pending: [any ParsableCommand.Type] = [Winctl.self]
        while let command = pending.popLast() {
            pending += command.configuration.subcommands
            let help = Winctl.helpMessage(for: command, includeHidden: true, columns: 200)
            for line in help.split(separator: "\n") {
                let entry = line.drop(while: { $0 == " " })
                guard entry.hasPrefix("-"), let value = entry.firstIndex(of: "<") else { continue }
                for word in entry[..<value].split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-")
                {
                    names.insert(String(word))
                }
            }
        }
        return names
    }
}

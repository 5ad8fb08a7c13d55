#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser

/// Lets negative numbers be values: `winctl open detail -5`, `winctl storage set ID k -1.5`.
///
/// ArgumentParser reads any word that starts with `-` as an option. No winctl option is a
/// number, so a word that is a whole negative number is a value, unless it follows an option
/// that takes one (`--timeout -1` is that option's). From the first such word on, the command
/// line is rewritten the way a person would fix it by hand: the options after it move before a
/// `--`, and the values keep their order after it. Which options take a value is read from
/// ArgumentParser's own description of winctl (`_dumpHelp()`), only when a negative number occurs.
enum NegativeNumbers {
    /// `arguments` (without the program name) with every negative number made a value.
    static func rewrite(_ arguments: [String], command: any ParsableCommand.Type) -> [String] {
        guard arguments.contains(where: isNumber) else { return arguments }
        return rewrite(arguments, optionsWithValues: optionsTakingValues(command))
    }

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
        let rest = terminator < arguments.endIndex ? Array(arguments[(terminator + 1)...]) : []
        return Array(arguments[..<first]) + options + ["--"] + values + rest
    }

    /// Whether `word` is a whole negative number: `-5`, `-1.5`, `-.5`, `-1e3`.
    static func isNumber(_ word: String) -> Bool {
        guard word.count > 1, word.hasPrefix("-") else { return false }
        let rest = word.dropFirst()
        guard let first = rest.first, first.isASCII, first.isNumber || first == "." else { return false }
        return Double(rest) != nil && !rest.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
    }

    /// The option names of `command` and its subcommands that take a value.
    private static func optionsTakingValues(_ command: any ParsableCommand.Type) -> Set<String> {
        guard let tool = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8)) else { return [] }
        var names: Set<String> = []
        var pending = [tool.command]
        while let next = pending.popLast() {
            for argument in next.arguments ?? [] where argument.kind == "option" {
                for name in argument.names ?? [] {
                    names.insert((name.kind == "long" ? "--" : "-") + name.name)
                }
            }
            pending += next.subcommands ?? []
        }
        return names
    }

    /// The part of ArgumentParser's description (`ToolInfoV0`) read here.
    private struct Description: Decodable {
        var command: Command

        struct Command: Decodable {
            var arguments: [Argument]?
            var subcommands: [Command]?
        }

        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
        }

        struct Name: Decodable {
            var kind: String
            var name: String
        }
    }
}

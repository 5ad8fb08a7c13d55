import ArgumentParser

/// A command line that ArgumentParser can read only one way, read without it.
///
/// ArgumentParser's parse costs more than the rest of a one-shot run together (measured: about
/// 1.8 of 3.4 ms for `winctl open detail 42`, spent in the Swift runtime instantiating generic
/// metadata and looking up protocol conformances, each first lookup a scan of every
/// conformance in the binary). Scripts call winctl in loops with plain lines: global options,
/// a command, its values. Such a line is built here directly; anything else — a help or version
/// flag, an option this does not know or given twice, any other word that starts with `-`, a
/// count of values the command does not take, a value its validation refuses — returns `nil`
/// and goes to ArgumentParser as before, which reads it and reports what is wrong.
/// `PlainCommandLineTests` checks that both build the same command.
enum PlainCommandLine {
    /// The commands built here: those that take only plain values.
    static let commands: [any PlainValuesCommand.Type] = [
        Winctl.Open.self, Winctl.Close.self, Winctl.Focus.self, Winctl.List.self, Winctl.Phase.self,
        Winctl.State.self, Winctl.Login.self, Winctl.Logout.self, Winctl.Status.self,
        Winctl.Groups.self, Winctl.Reload.self, Winctl.Apps.self,
    ]

    /// The command `arguments` (without the program name) spell, validated; `nil` for a line
    /// that is not plain or does not validate.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        var socket: String?
        var app: String?
        var timeout: Double?
        var json = false
        var words: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-") else {
                words.append(word)
                continue
            }
            let (name, attached) = split(word)
            switch name {
            case "--json":
                guard !json, attached == nil else { return nil }
                json = true
            case "--socket", "-s":
                guard socket == nil, let value = attached ?? next(arguments, &index), !value.isEmpty,
                    !value.hasPrefix("-")
                else { return nil }
                socket = value
            case "--app":
                guard app == nil, let value = attached ?? next(arguments, &index), !value.isEmpty, !value.hasPrefix("-")
                else { return nil }
                app = value
            case "--timeout":
                guard timeout == nil, let value = attached ?? next(arguments, &index), let seconds = Double(value)
                else { return nil }
                timeout = seconds
            default:
                return nil
            }
        }
        guard let name = words.first, let type = commands.first(where: { $0.configuration.commandName == name }) else {
            return nil
        }
        let values = Array(words.dropFirst())
        guard type.valueCount.contains(values.count) else { return nil }
        let options = GlobalOptions(
            socket: socket,
            app: app,
            timeoutSeconds: timeout,
            json: json
        )
        var command = type.init(options: options, values: values)
        do {
            try options.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }

    /// `--name=value` as its name and value; any other word as itself and `nil`. Only a long
    /// option takes an attached value (`-s=x` is no plain line).
    private static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// The word at `index`, moving past it; `nil` at the end.
    private static func next(_ arguments: [String], _ index: inout Int) -> String? {
        guard index < arguments.endIndex else { return nil }
        defer { index += 1 }
        return arguments[index]
    }
}

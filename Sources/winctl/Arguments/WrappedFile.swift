/// The file among a wrapped command's arguments (`winctl wrap`, winctl(1)), found as the
/// command itself reads them: the first argument that is no option (`-u`, `--clean`), no option's
/// argument (`-u NONE`, `--cmd X`, for the options that take one) and no `+N` or `+/pattern`;
/// anything after `--`. `nil` when there is none, or when `-` (standard input) or an empty
/// argument comes first: the command then runs as it is, without a window.
enum WrappedFile {
    /// The file `arguments` (without the command) name, given the options that take an argument.
    static func find(in arguments: some Sequence<String>, optionsWithArgument: [String]) -> String? {
        var skipping = false
        var terminated = false
        for argument in arguments {
            if terminated { return argument.isEmpty ? nil : argument }
            if skipping {
                skipping = false
            } else if argument == "--" {
                terminated = true
            } else if argument == "-" || argument.isEmpty {
                return nil
            } else if optionsWithArgument.contains(argument) {
                skipping = true
            } else if !argument.hasPrefix("-"), !argument.hasPrefix("+") {
                return argument
            }
        }
        return nil
    }
}

import Testing

@testable import winctl

/// ``WrappedFile``: the file among a wrapped command's arguments, as the command reads them.
@Suite("Wrapped commands: the file among the arguments")
struct WrappedFileTests {
    static let vim = ["-c", "-S", "-u", "-U", "-t", "-q", "-i", "-T", "-w", "-W", "-s", "--cmd", "--servername"]
    static let less = ["-b", "-h", "-j", "-k", "-o", "-O", "-p", "-P", "-t", "-T", "-x", "-y", "-z", "-#", "-D"]

    @Test(
        "vim: an option's argument is no file; +N, -d and options without one are skipped; - is standard input",
        arguments: [
            ("notes.md", "notes.md"),
            ("-u NONE notes.md", "notes.md"),
            ("-c set_nu a.txt b.txt", "a.txt"),
            ("--cmd X --servername Y f", "f"),
            ("+120 notes.md", "notes.md"),
            ("+/pattern notes.md", "notes.md"),
            ("-d a b", "a"),
            ("--clean -R f", "f"),
            ("-- -weird", "-weird"),
            ("-", nil),
            ("- notes.md", nil),
            ("-u NONE", nil),
            ("", nil),
        ]
    )
    func vim(line: String, file: String?) {
        let arguments = line.split(separator: " ").map(String.init)
        #expect(WrappedFile.find(in: arguments, optionsWithArgument: Self.vim) == file)
    }

    @Test(
        "less: -p pattern and +N before the file",
        arguments: [("-p line_50 other.txt", "other.txt"), ("-N +G a.txt", "a.txt"), ("-N", nil)]
    )
    func less(line: String, file: String?) {
        let arguments = line.split(separator: " ").map(String.init)
        #expect(WrappedFile.find(in: arguments, optionsWithArgument: Self.less) == file)
    }

    @Test("an empty argument first is no file: the command runs as it is")
    func empty() {
        #expect(WrappedFile.find(in: ["", "a"], optionsWithArgument: []) == nil)
    }

    @Test("winctl init's functions, in each shell's syntax")
    func functions() {
        #expect(
            Winctl.Init.function("vim", app: "editor", group: "file", shell: .bash)
                == #"vim() { winctl --app editor wrap file -- vim "$@"; }"#
        )
        #expect(
            Winctl.Init.function("vim", app: "editor", group: "file", shell: .fish)
                == "function vim --wraps vim; winctl --app editor wrap file -- vim $argv; end"
        )
    }
}

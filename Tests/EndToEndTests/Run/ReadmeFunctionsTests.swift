import Foundation
import TestSupport
import Testing

/// The shell functions README.md gives for "Any program as a window", as a user pastes them:
/// which window each command line names, and what it runs (winctl stands in for itself).
@Suite("The README's vim(), less() and htop()")
struct ReadmeFunctionsTests {
    /// The README's first `sh` block that defines `vim()`.
    static func functions() throws -> String {
        let readme = try String(contentsOfFile: Binaries.packageRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```sh\nvim()"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        return String(readme[readme.index(start.lowerBound, offsetBy: 6)..<end.lowerBound])
    }

    @Test(
        "the first file is the window's value; an option's argument is not a file; no file runs the program as it is",
        arguments: [
            ("vim notes.md", "winctl --app editor run file notes.md -- vim notes.md"),
            ("vim -c 'set nu' a.txt b.txt", "winctl --app editor run file a.txt -- vim -c set nu a.txt b.txt"),
            ("vim --servername X f", "winctl --app editor run file f -- vim --servername X f"),
            ("vim", "command vim"),
            ("less -p 'line 50' other.txt", "winctl --app editor run page other.txt -- less -p line 50 other.txt"),
            ("less -N +G a.txt", "winctl --app editor run page a.txt -- less -N +G a.txt"),
            ("less", "command less"),
            ("htop -d 10", "winctl --app editor run top -- htop -d 10"),
        ]
    )
    func commandLines(line: String, runs: String) throws {
        let script =
            try Self.functions() + """
                winctl() { echo "winctl $*"; }
                command() { echo "command $*"; }
                \(line)
                """
        #expect(TestEnvironment.output(["bash", "-c", script]) == runs + "\n")
    }
}

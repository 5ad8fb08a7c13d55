import Foundation
import Testing
import WindowFuzzing
import WindowServer

/// The tomlfuzz seed corpus, replayed through the fuzzer's own invariants: every seed (and any
/// crash the fuzzer found, once saved there) is checked on every test run.
@Suite("tomlfuzz seeds")
struct TOMLFuzzSeedTests {
    static let corpus: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/fuzz/toml-corpus"
    }()

    static func seed(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: corpus + "/" + name)))
    }

    @Test("every seed keeps the invariants")
    func seeds() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).sorted()
        #expect(names.count >= 10)
        for name in names {
            let violations = TOMLInvariants.check(try Self.seed(name))
            #expect(violations.isEmpty, "\(name): \(violations.joined(separator: "\n"))")
        }
    }

    @Test(
        "the inputs that crashed toml++ are errors at line 1",
        arguments: [("triple-bracket", 3), ("bytes-00-ff-fe", 2), ("bracket-ampersand", 2)]
    )
    func formerCrashes(name: String, column: Int) throws {
        #expect {
            try ConfigLoader.parse(bytes: try Self.seed(name), file: "t.toml")
        } throws: { ($0 as? ConfigError).map { $0.line == 1 && $0.column == column } ?? false }
    }
}

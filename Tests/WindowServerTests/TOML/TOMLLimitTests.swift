import Testing
import WindowServer

/// Inputs built to exhaust the stack or take quadratic time are refused or parsed quickly.
@Suite("TOML limits", .timeLimit(.minutes(1)))
struct TOMLLimitTests {
    @Test("arrays nested past the limit are an error, not a stack overflow")
    func deepArrays() {
        let deep = "a = " + String(repeating: "[", count: 100_000)
        let error = TOMLTestSupport.error(parsing: deep)
        #expect(
            error?.message.contains("nest more than \(TOMLParser.maximumDepth) deep") == true,
            "\(String(describing: error))"
        )
    }

    @Test("inline tables nested past the limit are an error")
    func deepInlineTables() {
        let deep = "a = " + String(repeating: "{b=", count: 50_000)
        #expect(TOMLTestSupport.error(parsing: deep)?.message.contains("nest more than") == true)
    }

    @Test("dotted keys and headers nested past the limit are an error")
    func deepKeys() {
        let key = Array(repeating: "k", count: 10_000).joined(separator: ".")
        #expect(TOMLTestSupport.error(parsing: key + " = 1")?.message.contains("nest more than") == true)
        #expect(TOMLTestSupport.error(parsing: "[" + key + "]")?.message.contains("nest more than") == true)
        #expect(TOMLTestSupport.error(parsing: "[[" + key + "]]")?.message.contains("nest more than") == true)
    }

    @Test("nesting up to the limit parses")
    func deepestAllowed() throws {
        let depth = TOMLParser.maximumDepth - 1
        let text = "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try TOMLParser.parse(text)
    }

    /// A way to make an input of size `n`.
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable (Int) -> String

        init(_ name: String, _ make: @escaping @Sendable (Int) -> String) {
            self.name = name
            self.make = make
        }

        var testDescription: String { name }
    }

    @Test(
        "large inputs of every shape parse in linear time",
        arguments: [
            Shape("many keys") { n in (0..<n).map { "k\($0) = \($0)" }.joined(separator: "\n") },
            Shape("many tables") { n in (0..<n).map { "[t\($0)]\nx = 1" }.joined(separator: "\n") },
            Shape("many tables in an array") { n in String(repeating: "[[a.b]]\nx = 1\n", count: n) },
            Shape("one long array") { n in "a = [" + String(repeating: "1,", count: n) + "]" },
            Shape("one long line of values in arrays") { n in "a = [" + String(repeating: "[1, 2, 3],", count: n) + "]"
            },
            Shape("one long string") { n in "a = \"" + String(repeating: "é", count: n) + "\"" },
            Shape("a long multi-line string of quotes") { n in
                "a = \"\"\"" + String(repeating: "x\"\"", count: n) + "\"\"\""
            },
            Shape("line-ending backslashes") { n in "a = \"\"\"" + String(repeating: "\\   \n   ", count: n) + "\"\"\""
            },
            Shape("a long number") { n in "a = 1." + String(repeating: "1_2", count: n) },
            Shape("a long key") { n in String(repeating: "k", count: n) + " = 1" },
            Shape("a long comment") { n in "#" + String(repeating: "✓", count: n) },
            Shape("a long run of spaces before an error") { n in String(repeating: " ", count: n) + "@" },
            Shape("a long table of dotted keys") { n in (0..<n).map { "a.b.c\($0) = 1" }.joined(separator: "\n") },
        ]
    )
    func linear(_ shape: Shape) {
        let small = Array(shape.make(5_000).utf8)
        let large = Array(shape.make(50_000).utf8)
        let clock = ContinuousClock()
        let smallTime = clock.measure { _ = try? TOMLParser.parse(small) }
        let largeTime = clock.measure { _ = try? TOMLParser.parse(large) }
        // Ten times the input: linear is about 10x; quadratic would be 100x. 40x leaves room for noise.
        #expect(
            largeTime < max(smallTime, .milliseconds(100)) * 40,
            "\(shape.name): \(smallTime) for 5,000, \(largeTime) for 50,000"
        )
    }
}

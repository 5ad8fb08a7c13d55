import Testing

@testable import WindowServer

/// windowd.toml and manifests read through TOMLKit: bytes it must not be given are located errors,
/// nesting is limited before toml++ sees it, and keys are placed on their lines.
@Suite("Config documents", .timeLimit(.minutes(1)))
struct ConfigDocumentTests {
    static func error(_ text: String) -> ConfigError? {
        error(Array(text.utf8))
    }

    static func error(_ bytes: [UInt8]) -> ConfigError? {
        do {
            _ = try ConfigDocument(bytes: bytes, file: "t.toml")
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a table header that does not start with a name is an error where it stands, not toml++'s assertion",
        arguments: [
            ("[[[ nonsense", "1:3", "after '[[', found '['"), ("[&", "1:2", "after '[', found '&'"),
            ("[.]\nk = 1", "1:2", "found '.'"), ("[..]", "1:2", "found '.'"), ("[!]\nk = 123", "1:2", "found '!'"),
            ("[\n", "1:2", "found the end of the line"), ("a = 1\n  [[ +x]]", "2:6", "after '[[', found '+'"),
            ("[a]\nb = 1\n[\té]", "3:3", "found 'é'"), ("[\r [a]", "1:4", "found a carriage return"),
            ("[[\ra]]", "1:4", "after '[[', found a carriage return"),
        ]
    )
    func headers(text: String, position: String, message: String) throws {
        let error = try #require(Self.error(text))
        #expect("\(error.line ?? 0):\(error.column ?? 0)" == position, "\(error)")
        #expect(error.message.contains("not valid TOML: expected a table name ") && error.message.contains(message))
    }

    @Test(
        "a '}' where an array's element should be is an error where it stands, not toml++'s assertion",
        arguments: [
            ("a = [}", "1:6"), ("a = [1, }", "1:9"), ("a = [\n}", "2:1"), ("a = [ # c\n}", "2:1"),
            ("a = { b = [} }", "1:12"), ("a = [ [ } ] ]", "1:9"),
        ]
    )
    func braceInArray(text: String, position: String) throws {
        let error = try #require(Self.error(text))
        #expect("\(error.line ?? 0):\(error.column ?? 0)" == position, "\(error)")
        #expect(error.message.contains("expected a value or ']' in an array, found '}'"), "\(error)")
        // After a value, toml++'s own error.
        #expect(Self.error("a = [1 }")?.message.contains("expected comma or closing ']'") == true)
    }

    @Test(
        "a date or a time, well formed or not, is refused on its line before toml++ reads it: the config takes none",
        arguments: [
            "a = 1979-05-27 0", "a = 1979-05-27 0]", "a = [1979-05-27 0]", "a = { b = 1979-05-27 0}",
            "a = 1979-05-27 0#", "a = 0665-05-2` 0]:32:", "a = 1979_-05-27 0", "a = 1979-05-27T:32:00",
            "a = 1979-05-27 07:32:00Z", "a = 07:32:00", "a = 1979-05-27", "a = 066%-05-2` 0]:32:",
        ]
    )
    func datesAndTimes(text: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == 1 && error.column == nil, "\(error)")
        #expect(error.message.hasPrefix("a date or a time (in a"), "\(error)")
        #expect(Self.error("a = -1\nb = 1_000\nc = 1e-5\nd = 0x1F\ne = -0.5e+3\nf = 1.5E-3\ng = 1_0e-1_0") == nil)
    }

    @Test("an earlier error comes first, and a '[' inside an array or a string is not a header")
    func notHeaders() throws {
        #expect(Self.error("a = = 1\n[&")?.line == 1)
        #expect(Self.error("a = [\n[&") != nil)
        let valid = "a = [\n[{ b = 1 }],\n[+1],\n[ # c\n2],\n]\ns = \"\"\"\n[&\n[[[\"\"\"\nt = '''\n[!'''\n[x]"
        let document = try ConfigDocument(bytes: Array(valid.utf8), file: "t.toml")
        #expect(document.outline.line(of: ["x"]) == 12 && document.outline.line(of: ["a", "[2]"]) == 4)
    }

    @Test("a NUL or bytes that are not UTF-8 are located: toml++ would stop at the one and never see the other")
    func unreadable() {
        #expect(
            Self.error([0x61, 0x20, 0x3D, 0x20, 0x31, 0x0A, 0x23, 0x00])?.description
                == "t.toml:2:2: not valid TOML: a NUL character (U+0000) is not allowed in TOML"
        )
        #expect(
            Self.error([0x23, 0xC3, 0xA9, 0xED, 0xA0, 0x80])?.description
                == "t.toml:1:3: not valid TOML: the file is not UTF-8 text (byte 0xED); TOML must be UTF-8"
        )
    }

    /// `n` levels of `open` around a value, after `a = `.
    static func nested(_ open: String, _ close: String, _ n: Int) -> String {
        "a = " + String(repeating: open, count: n) + "1" + String(repeating: close, count: n)
    }

    @Test("nesting up to the limit parses; one more, or a hundred thousand, is an error before toml++ sees it")
    func depth() throws {
        let limit = TOMLOutline.maximumDepth
        let key = { (n: Int) in Array(repeating: "k", count: n).joined(separator: ".") }
        for text in [
            Self.nested("[", "]", limit), Self.nested("{b=", "}", limit - 1), key(limit) + " = 1", "[\(key(limit))]",
        ] {
            #expect(Self.error(text) == nil, "\(text)")
        }
        for text in [
            Self.nested("[", "]", limit + 1), Self.nested("{b=", "}", limit), key(limit + 1) + " = 1",
            "[\(key(limit + 1))]", "[[\(key(10_000))]]", "[a]\n" + key(limit) + " = 1",
            Self.nested("[", "]", 100_000), Self.nested("{b=", "}", 50_000),
        ] {
            #expect(Self.error(text)?.message.contains("nest more than \(limit) deep") == true, "\(text.prefix(80))")
        }
    }

    @Test("keys and elements are placed on their lines, dotted keys and tables by their first line")
    func lines() throws {
        let text = "x.y = 1\n[a]\nb = [\n  1,\n  { c = 2 },\n]\n[[t]]\n[[t]]\n\"q.r\" = 'v'\n"
        let outline = try ConfigDocument(bytes: Array(text.utf8), file: "t.toml").outline
        #expect(outline.line(of: ["x"]) == 1 && outline.line(of: ["x", "y"]) == 1)
        #expect(outline.line(of: ["a", "b", "[1]", "c"]) == 5 && outline.line(of: ["a", "b", "[0]"]) == 4)
        #expect(outline.line(of: ["a", "missing"]) == 2 && outline.line(of: ["t"]) == 7)
        #expect(outline.line(of: ["t", "q.r"]) == 9 && outline.line(of: ["nothing"]) == nil)
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
        "large inputs of every shape are read in linear time",
        arguments: [
            Shape("many keys") { n in (0..<n).map { "k\($0) = \($0)" }.joined(separator: "\n") },
            Shape("many tables") { n in (0..<n).map { "[t\($0)]\nx = 1" }.joined(separator: "\n") },
            Shape("many tables in an array") { n in String(repeating: "[[a.b]]\nx = 1\n", count: n) },
            Shape("one long array") { n in "a = [" + String(repeating: "1,", count: n) + "]" },
            Shape("one long string") { n in "a = \"" + String(repeating: "é", count: n) + "\"" },
            Shape("a long multi-line string of quotes") { n in
                "a = \"\"\"" + String(repeating: "x\"\"", count: n) + "\"\"\""
            },
            Shape("a long key") { n in String(repeating: "k", count: n) + " = 1" },
            Shape("a long comment") { n in "#" + String(repeating: "✓", count: n) },
            Shape("a long table of dotted keys") { n in (0..<n).map { "a.b.c\($0) = 1" }.joined(separator: "\n") },
        ]
    )
    func linear(_ shape: Shape) {
        let small = Array(shape.make(5_000).utf8)
        let large = Array(shape.make(50_000).utf8)
        let clock = ContinuousClock()
        let smallTime = clock.measure { _ = Self.error(small) }
        let largeTime = clock.measure { _ = Self.error(large) }
        // Ten times the input: linear is about 10x; quadratic would be 100x. 40x leaves room for noise.
        #expect(
            largeTime < max(smallTime, .milliseconds(100)) * 40,
            "\(shape.name): \(smallTime) for 5,000, \(largeTime) for 50,000"
        )
    }
}

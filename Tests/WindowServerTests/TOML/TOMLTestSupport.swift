import Testing
import WindowServer

/// Helpers shared by the TOML suites.
enum TOMLTestSupport {
    /// The value at the dotted `path` (plain names only, e.g. `a.b.c`; `""` is the empty key),
    /// through tables and arrays' indices.
    static func value(at path: String, in table: TOMLTable) -> TOMLValue? {
        var current = TOMLValue.table(table)
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .table(let table):
                guard let next = table[String(part)] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(part), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The error `text` fails with, or `nil` if it parses.
    static func error(parsing text: String) -> TOMLError? {
        error(parsing: Array(text.utf8))
    }

    /// The error `bytes` fail with, or `nil` if they parse.
    static func error(parsing bytes: [UInt8]) -> TOMLError? {
        do {
            _ = try TOMLParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    static func date(_ year: Int, _ month: Int, _ day: Int) -> TOMLDate {
        TOMLDate(year: year, month: month, day: day)!
    }

    static func time(_ hour: Int, _ minute: Int, _ second: Int, _ nanosecond: Int = 0) -> TOMLTime {
        TOMLTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)!
    }
}

/// A document TOML 1.0 rejects: the rule it breaks, where the error must be, and words its message must hold.
struct InvalidCase: CustomTestStringConvertible, Sendable {
    let rule: String
    let text: String
    let line: Int
    let column: Int
    let says: String

    init(_ rule: String, _ text: String, at line: Int, _ column: Int, says: String) {
        self.rule = rule
        self.text = text
        self.line = line
        self.column = column
        self.says = says
    }

    var testDescription: String { rule }

    /// Parses `text` and checks the error.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = TOMLTestSupport.error(parsing: text) else {
            Issue.record("accepted: \(text.debugDescription)", sourceLocation: sourceLocation)
            return
        }
        #expect(
            error.position == TOMLPosition(line: line, column: column),
            "\(rule): \(error)",
            sourceLocation: sourceLocation
        )
        #expect(error.message.contains(says), "\(rule): \(error)", sourceLocation: sourceLocation)
    }
}

/// A document TOML 1.0 accepts, and one value it must hold.
struct ValidCase: CustomTestStringConvertible, Sendable {
    let rule: String
    let text: String
    let path: String
    let expected: TOMLValue

    init(_ rule: String, _ text: String, _ path: String, _ expected: TOMLValue) {
        self.rule = rule
        self.text = text
        self.path = path
        self.expected = expected
    }

    var testDescription: String { rule }

    /// Parses `text` and checks the value at `path`.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let document = try TOMLParser.parse(text)
            let found = TOMLTestSupport.value(at: path, in: document)
            #expect(found == expected, "\(rule): \(path) in \(document.tomlDocument)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(rule): \(error) in \(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }
}

import ArgumentParser
import Testing

@testable import winctl

/// ``PlainCommandLine`` builds exactly what ArgumentParser builds, or leaves the line to it.
@Suite("Plain command lines: read without ArgumentParser, the same as with it")
struct PlainCommandLineTests {
    static let socket = ["--socket", "/run/w.sock"]

    /// Lines a script writes: each must be read here, and the same as ArgumentParser reads it.
    static let plain: [[String]] = [
        ["open", "detail", "42"], ["open", "main"], ["open", "notes", "two words"], ["open", "notes", ""],
        ["open", "detail", "42", "--json"], ["--json", "open", "detail", "42"], ["open", "--json", "detail", "42"],
        ["--socket", "/tmp/x.sock", "open", "detail", "42"], ["-s", "/tmp/x.sock", "open", "detail", "7"],
        ["--socket=/tmp/x.sock", "open", "detail", "7"], ["open", "detail", "7", "--socket", "/tmp/x.sock"],
        ["--timeout", "0.5", "open", "detail", "1"], ["--timeout=0", "open", "detail", "1"],
        ["open", "detail", "1", "--timeout", "2"],
        ["--socket", "/s", "--timeout", "3", "--json", "open", "detail", "9"],
        ["open", "help", "42"], ["open", "detail", "open"],
        ["close", "3f2a"], ["close", "3f2a9e1c-0000-4000-8000-000000000000"], ["focus", "3f"],
        ["--json", "focus", "3f"],
        ["list"], ["--json", "list"], ["phase"], ["state"], ["--json", "state"], ["login", "alice"], ["logout"],
        ["status"], ["groups"], ["reload"],
        ["--app", "orders", "open", "detail", "42"], ["--app=com.example.orders", "list"],
        ["state", "--app", "orders"],
    ]

    /// Lines that are not plain: ArgumentParser reads them (or reports them) as before.
    static let notPlain: [[String]] = [
        [], ["--help"], ["-h"], ["open", "--help"], ["help", "open"], ["--version"],
        ["--generate-completion-script", "bash"],
        ["open"], ["open", "detail", "42", "extra"], ["open", "detail", "-5"], ["open", "detail", "--", "x"],
        ["open", "detail", "-"], ["close"], ["close", "a", "b"], ["list", "--group", "detail"], ["list", "detail"],
        ["phase", "3f2a", "active"], ["phase", "3f2a"], ["login", ""], ["storage", "get", "3f"], ["watch"],
        ["attach", "detail"],
        ["transition", "loading"], ["frobnicate"], ["--json", "--json", "state"],
        ["--socket", "/a", "--socket", "/b", "state"],
        ["-s", "/a", "-s", "/b", "state"], ["--socket", "state"], ["--socket"], ["--socket", "-x", "state"],
        ["--socket=", "state"],
        ["--timeout", "-1", "state"], ["--timeout", "nan", "state"], ["--timeout", "inf", "state"],
        ["--timeout", "soon", "state"],
        ["--timeout"], ["--timeout", "1", "--timeout", "2", "state"], ["--json=true", "state"], ["-s=/a", "state"],
        ["--unknown", "state"], ["-j", "state"], ["--JSON", "state"],
        ["--app", "../x", "state"], ["--app", "Orders", "state"], ["--app", "orders", "--app", "b", "state"], ["--app"],
    ]

    @Test("a plain line builds the command ArgumentParser builds, property by property")
    func sameCommand() throws {
        for line in Self.plain {
            let plain = try #require(PlainCommandLine.command(line), "\(line) should be plain")
            let parsed = try Winctl.parseAsRoot(line)
            #expect(type(of: plain) == type(of: parsed), "\(line)")
            #expect(Self.dump(plain) == Self.dump(parsed), "\(line)")
        }
    }

    @Test("anything else is left to ArgumentParser")
    func leftToArgumentParser() {
        for line in Self.notPlain {
            #expect(PlainCommandLine.command(line) == nil, "\(line) should go to ArgumentParser")
        }
    }

    @Test("every command built here takes only the global options and plain values")
    func commandsTakePlainValues() throws {
        for type in PlainCommandLine.commands {
            let name = try #require(type.configuration.commandName)
            let values = (0..<type.valueCount.upperBound).map { "v\($0)" }
            for count in type.valueCount {
                let line = [name] + Array(values.prefix(count))
                let plain = try #require(PlainCommandLine.command(line), "\(line)")
                #expect(Self.dump(plain) == Self.dump(try Winctl.parseAsRoot(line)), "\(line)")
            }
            #expect(
                PlainCommandLine.command([name] + values + ["one more"]) == nil,
                "\(name) takes at most \(type.valueCount.upperBound)"
            )
        }
    }

    /// Every stored property, wrappers and their values included, as `dump` shows them.
    private static func dump(_ command: any ParsableCommand) -> String {
        var text = ""
        Swift.dump(command, to: &text)
        return text
    }
}

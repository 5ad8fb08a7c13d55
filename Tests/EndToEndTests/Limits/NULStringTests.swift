import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A window value, a storage key or a user name holding U+0000 is refused with -32602 naming
/// the member, never stored cut short at it; JSON values in scene storage keep it
/// (windowd-protocol(7), "Strings"). Each case is checked again after SIGTERM and a new start.
@Suite("Strings with U+0000", .timeLimit(.minutes(2)))
struct NULStringTests {
    /// A `validate_command` that writes the user it is given to a file, so that a test sees what it got.
    static func config(recordingUsersIn file: String) -> String {
        TestConfig.text(app: [
            #"validate_command = ["sh", "-c", "printf '%s\\n' \"$1\" >> \#(file)", "validate", "{user}"]"#
        ])
    }

    @Test(
        "window.open of \"dup\\u0000one\", \"dup\\u0000two\" and \"dup\": only \"dup\" is a window, before and after a restart"
    )
    func windowValues() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess.start(in: directory, name: "first")
        let client = try first.client()
        for value in [#"dup\u0000one"#, #"dup\u0000two"#] {
            let refused = try client.request("window.open", #"{"group":"notes","value":"\#(value)"}"#)
            #expect(refused.code == -32602, "\(value): \(refused.message.jsonText)")
            #expect(
                refused.errorMessage?.contains("'value'") == true && refused.errorMessage?.contains("U+0000") == true,
                "the message names the member: \(refused.errorMessage ?? "")"
            )
            let attach = try first.client().request("window.attach", #"{"group":"notes","value":"\#(value)"}"#)
            #expect(attach.code == -32602, "window.attach by value too: \(attach.message.jsonText)")
        }
        let dup = try client.call("window.open", #"{"group":"notes","value":"dup"}"#)
        #expect(dup["created"]?.bool == true || dup["outcome"]?.string == "created", "\(dup.jsonText)")
        #expect(try client.call("window.list")["windows"]?.array?.count == 1)

        #expect(first.stop() == .exited(0))
        let second = try DaemonProcess.start(in: directory, name: "second")
        defer { second.stop() }
        let windows = try #require(try second.client().call("window.list")["windows"]?.array)
        #expect(windows.map { $0["value"]?.string } == ["dup"], "\(windows)")
        #expect(!second.log.contains("dropped a stored window"), "nothing stored clashes on restore:\n\(second.log)")
    }

    @Test(
        "storage keys \"k\\u0000a\" and \"k\\u0000b\" are refused; a value holding U+0000 comes back exactly after a restart"
    )
    func storageKeysAndValues() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess.start(in: directory, name: "first")
        let client = try first.client()
        let id = try #require(
            try client.call("window.open", #"{"group":"notes","value":"w"}"#)["window"]?["id"]?.string
        )
        for (key, value) in [(#"k\u0000a"#, 1), (#"k\u0000b"#, 2)] {
            let refused = try client.request("storage.set", #"{"id":"\#(id)","key":"\#(key)","value":\#(value)}"#)
            #expect(refused.code == -32602, "\(key): \(refused.message.jsonText)")
            #expect(
                refused.errorMessage?.contains("'key'") == true,
                "the message names the member: \(refused.errorMessage ?? "")"
            )
        }
        try client.call("storage.set", #"{"id":"\#(id)","key":"k","value":3}"#)
        let kept = #"{"a\u0000b":"c\u0000d","e":["\u0000"]}"#
        try client.call("storage.set", #"{"id":"\#(id)","key":"nul","value":\#(kept)}"#)
        let expected = try JSONValue.parse(#"{"k":3,"nul":\#(kept)}"#)
        #expect(try client.call("storage.get", #"{"id":"\#(id)"}"#)["storage"] == expected)

        #expect(first.stop() == .exited(0))
        let second = try DaemonProcess.start(in: directory, name: "second")
        defer { second.stop() }
        let storage = try second.client().call("storage.get", #"{"id":"\#(id)"}"#)["storage"]
        #expect(storage == expected, "after SIGTERM and a new start: \(storage?.jsonText ?? "none")")
    }

    @Test(
        "a login as \"--flag\\u0000ignored\" is refused; validate_command never sees \"--flag\", before or after a restart"
    )
    func userName() throws {
        let directory = try TemporaryDirectory()
        let users = directory.file("validated-users")
        let first = try DaemonProcess.start(in: directory, config: Self.config(recordingUsersIn: users), name: "first")
        let client = try first.client()
        let refused = try client.request(
            "app.transition",
            #"{"to":{"state":"authenticated","user":"--flag\u0000ignored"}}"#
        )
        #expect(refused.code == -32602, "\(refused.message.jsonText)")
        #expect(
            refused.errorMessage?.contains("'user'") == true,
            "the message names the member: \(refused.errorMessage ?? "")"
        )
        #expect(try client.call("app.state")["state"]?["state"]?.string == "unauthenticated")

        #expect(first.stop() == .exited(0))
        let second = try DaemonProcess.start(
            in: directory,
            config: Self.config(recordingUsersIn: users),
            name: "second"
        )
        defer { second.stop() }
        let state = try second.client().call("app.state")["state"]
        #expect(state?["state"]?.string == "unauthenticated", "no session was kept: \(state?.jsonText ?? "none")")
        #expect(
            !directory.read("validated-users").contains("--flag"),
            "validate_command got: \(directory.read("validated-users"))"
        )
    }
}

import Testing
import WindowProtocol

/// App ids (windowd(8), Apps and instances): what is one, and why the rest are not.
@Suite("App ids")
struct AppIDTests {
    @Test(
        "lower-case letters, digits, '.', '-' and '_', starting with a letter or digit, up to 64 bytes",
        arguments: ["orders", "com.example.orders", "a", "0", "x-y_z.9", String(repeating: "a", count: 64)]
    )
    func valid(_ text: String) throws {
        #expect(try AppID(validating: text).rawValue == text)
    }

    @Test(
        "everything else is refused, saying why",
        arguments: [
            ("", "it is empty"), ("../x", "it starts with '.'"), ("Orders", "it starts with 'O'"),
            ("orDers", "it contains an upper-case letter"), ("a/b", "it contains '/'"), ("-x", "it starts with '-'"),
            ("_x", "it starts with '_'"), (".x", "it starts with '.'"), ("a b", "it contains ' '"),
            ("é", "it starts with '\\u{c3}'"),
            (String(repeating: "a", count: 65), "it has 65 bytes, more than 64"),
            ("windowd", "it is reserved: windowd.sock is the default app's socket"),
        ]
    )
    func invalid(_ text: String, _ reason: String) {
        #expect(throws: AppID.Invalid(text: text, reason: reason)) { try AppID(validating: text) }
    }

    @Test("the message names the text and what an app id is")
    func message() {
        let text = "\(AppID.Invalid(text: "../x", reason: "it starts with '.'"))"
        #expect(text.hasPrefix("'../x' is not a valid app id: it starts with '.'; an app id uses lower-case letters"))
    }

    @Test("--app beats WINDOWD_APP; empty or absent is the default app")
    func chosen() throws {
        #expect(try AppID.chosen(explicit: nil, environment: [:]) == nil)
        #expect(try AppID.chosen(explicit: nil, environment: ["WINDOWD_APP": ""]) == nil)
        #expect(try AppID.chosen(explicit: nil, environment: ["WINDOWD_APP": "b"])?.rawValue == "b")
        #expect(try AppID.chosen(explicit: "a", environment: ["WINDOWD_APP": "b"])?.rawValue == "a")
        #expect(throws: AppID.Invalid.self) { try AppID.chosen(explicit: nil, environment: ["WINDOWD_APP": "B"]) }
        #expect(throws: AppID.Invalid(text: "", reason: "it is empty")) {
            try AppID.chosen(explicit: "", environment: [:])
        }
    }
}

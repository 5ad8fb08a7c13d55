import Testing
import WindowServer

/// Metadata keys turned into journal field names: pure, no journal needed.
@Suite struct JournalFieldNameTests {
    @Test(arguments: [
        ("window.id", "WINDOW_ID"),
        ("windowID", "WINDOW_ID"),
        ("window_id", "WINDOW_ID"),
        ("windowId", "WINDOW_ID"),
        ("HTTPServer", "HTTP_SERVER"),
        ("peer.uid", "PEER_UID"),
        ("ipv4Address", "IPV4_ADDRESS"),
        ("window2ID", "WINDOW2_ID"),
        ("request-id", "REQUEST_ID"),
        ("scene  storage..bytes", "SCENE_STORAGE_BYTES"),
        ("_private", "PRIVATE"),
        ("größe", "GR_E"),
        ("X", "X"),
    ])
    func keysBecomeSnakeUpperCase(key: String, expected: String) {
        #expect(JournalFieldName.make(from: key) == expected)
    }

    @Test func namesStartingWithADigitArePrefixed() {
        #expect(JournalFieldName.make(from: "2fa") == "META_2FA")
    }

    @Test func keysWithoutLettersOrDigitsGetTheFallback() {
        #expect(JournalFieldName.make(from: "") == "METADATA")
        #expect(JournalFieldName.make(from: "._.") == "METADATA")
    }

    @Test func reservedNamesArePrefixed() {
        #expect(JournalFieldName.make(from: "message", reserved: ["MESSAGE"]) == "META_MESSAGE")
        #expect(JournalFieldName.make(from: "messageID", reserved: ["MESSAGE"]) == "MESSAGE_ID")
    }

    @Test func namesAreCutTo64Characters() {
        let name = JournalFieldName.make(from: String(repeating: "a", count: 100))
        #expect(name == String(repeating: "A", count: 64))
    }

    @Test func everyNameIsValidForTheJournal() {
        let keys = ["", "_", "9", "a.b", "ÄÖÜ", "snake_case", "camelCaseKey", "🙂", "__x__", "a__B"]
        for key in keys {
            let name = JournalFieldName.make(from: key, reserved: JournalFields.reserved)
            #expect(isValidJournalFieldName(name), "\(key) → \(name)")
        }
    }
}

/// The journal's own rule (`journal_field_valid` in systemd).
func isValidJournalFieldName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !name.isEmpty, name.utf8.count <= 64 else { return false }
    guard first != "_", !("0"..."9").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
}

import Testing
import WindowCore

@Suite("Random window ids")
struct RandomWindowIDTests {
    @Test("random ids are lower-case version 4 UUIDs, all different")
    func versionFour() {
        var seen = Set<WindowID>()
        for _ in 0..<10_000 {
            let id = WindowID.random()
            let text = Array(id.rawValue.utf8)
            #expect(text.count == 36)
            #expect(WindowID(id.rawValue)?.rawValue == id.rawValue)
            #expect(text[14] == UInt8(ascii: "4"))
            #expect([UInt8]("89ab".utf8).contains(text[19]))
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }

    @Test("an id read in upper case is equal to, and hashes as, the same id in lower case")
    func hashing() {
        let upper = WindowID("0F8FAD5B-D9CB-469F-A165-70867728950E")
        let lower = WindowID("0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(upper == lower)
        #expect(upper?.hashValue == lower?.hashValue)
    }
}

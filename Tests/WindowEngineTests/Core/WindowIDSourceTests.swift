import Testing
import WindowEngine

@Suite("Window id source")
struct WindowIDSourceTests {
    /// Lower-case version 4 UUID text that reads back as the same id.
    static func isVersionFour(_ id: WindowID) -> Bool {
        let text = Array(id.rawValue.utf8)
        return text.count == 36 && WindowID(id.rawValue)?.rawValue == id.rawValue
            && text[14] == UInt8(ascii: "4") && [UInt8]("89ab".utf8).contains(text[19])
    }

    @Test("random ids are lower-case version 4 UUIDs, all different, across many refills of the buffer")
    func versionFour() {
        var ids = WindowIDSource()
        var seen = Set<WindowID>()
        for _ in 0..<10_000 {
            let id = ids.next()
            #expect(Self.isVersionFour(id))
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }

    @Test("a seeded source gives the same ids in the same order, all different; another seed others")
    func seeded() {
        var first = WindowIDSource(seed: 42)
        var again = WindowIDSource(seed: 42)
        var other = WindowIDSource(seed: 43)
        var (a, b, c): ([WindowID], [WindowID], [WindowID]) = ([], [], [])
        for _ in 0..<1_000 {
            a.append(first.next())
            b.append(again.next())
            c.append(other.next())
        }
        #expect(a == b)
        #expect(Set(a).count == 1_000)
        #expect(Set(a).isDisjoint(with: c))
        #expect(a.allSatisfy(Self.isVersionFour))
    }

    @Test("a one-off random id is a version 4 UUID")
    func oneOff() {
        #expect(Self.isVersionFour(WindowID.random()))
        #expect(WindowID.random() != WindowID.random())
    }

    @Test("an id read in upper case is equal to, and hashes as, the same id in lower case")
    func hashing() {
        let upper = WindowID("0F8FAD5B-D9CB-469F-A165-70867728950E")
        let lower = WindowID("0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(upper == lower)
        #expect(upper?.hashValue == lower?.hashValue)
    }
}

import Testing
@testable import WindowDispatch
import WindowProtocol

/// Params read straight from the parsed object must be what `Decodable` makes of it, whenever
/// the direct reading accepts the object (else decoding decides, and words the error).
@Suite("Params read directly")
struct DirectParamsTests {
    /// A reproducible stream of pseudo-random numbers (SplitMix64).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let values: [JSONValue] = [
        .null, .bool(true), .int(42), .int(-1), .number("42.0"), .number("1e400"), .string("detail"), .string("active"),
        .string("background"), .string("Active"), .string("6f1c2a9e-3a1b-4c55-9d1e-0b1f7e4c2d11"), .array([]), .object([:]),
        .array([.string("window.opened"), .string("scene.phase")]), .array([.string("x"), .int(1)]),
    ]

    static func members(_ random: inout Random, names: [String]) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for name in names + ["extra"] where Int.random(in: 0..<5, using: &random) > 0 {
            members[name] = values.randomElement(using: &random)!
        }
        return members
    }

    @Test("window.open's params")
    func open() {
        var random = Random(state: 11)
        var direct = 0
        for _ in 0..<3_000 {
            let members = Self.members(&random, names: ["group", "value"])
            let decoded = try? JSONValueDecoder().decode(WindowOpen.Params.self, from: .object(members))
            guard let read = WindowOpen.Params(members: members) else { continue }
            direct += 1
            #expect(read.group == decoded?.group && read.value == decoded?.value, "\(members)")
        }
        #expect(direct > 500, "the direct reading should take most well-formed params")
    }

    @Test("the params naming a window, and scene.setPhase's")
    func idAndPhase() {
        var random = Random(state: 12)
        var direct = 0
        for _ in 0..<3_000 {
            let members = Self.members(&random, names: ["id", "phase"])
            let decodedID = try? JSONValueDecoder().decode(WindowIDParams.self, from: .object(members))
            if let read = WindowIDParams(members: members) {
                #expect(read.id == decodedID?.id, "\(members)")
            }
            let decoded = try? JSONValueDecoder().decode(SceneSetPhase.Params.self, from: .object(members))
            guard let read = SceneSetPhase.Params(members: members) else { continue }
            direct += 1
            #expect(read.id == decoded?.id && read.phase == decoded?.phase, "\(members)")
        }
        #expect(direct > 50)
    }

    @Test("window.list's and events.subscribe's params, absent members included")
    func listAndSubscribe() {
        var random = Random(state: 13)
        for _ in 0..<3_000 {
            let members = Self.members(&random, names: ["group", "types"])
            let list = try? JSONValueDecoder().decode(WindowList.Params.self, from: .object(members))
            if let read = WindowList.Params(members: members) {
                #expect(list != nil && read.group == list?.group, "\(members)")
            }
            let subscribe = try? JSONValueDecoder().decode(EventsSubscribe.Params.self, from: .object(members))
            if let read = EventsSubscribe.Params(members: members) {
                #expect(subscribe != nil && read.types == subscribe?.types, "\(members)")
            }
        }
        #expect(WindowList.Params(members: [:])?.group == nil && EventsSubscribe.Params(members: [:])?.types == nil)
    }
}

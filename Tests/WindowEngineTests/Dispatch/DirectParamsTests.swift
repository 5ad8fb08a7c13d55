import Testing
import WindowProtocol

@testable import WindowEngine

/// Params read straight from the parsed object must be what `Decodable` makes of it, whenever
/// the direct reading accepts the object (else decoding decides, and words the error).
@Suite("Params read directly")
struct DirectParamsTests {
    static let values: [JSONValue] = [
        .null, .bool(true), .int(42), .int(-1), .number("42.0"), .number("1e400"), .string("detail"), .string("active"),
        .string("background"), .string("Active"), .string("6f1c2a9e-3a1b-4c55-9d1e-0b1f7e4c2d11"), .array([]),
        .object([:]),
        .array([.string("window.opened"), .string("scene.phase")]), .array([.string("x"), .int(1)]),
    ]

    /// Every object with each of `names` absent or holding one of `values`, plus an extra member.
    static func objects(_ names: [String]) -> [[String: JSONValue]] {
        names.reduce([["extra": .int(1)]]) { objects, name in
            objects.flatMap { object in
                [object] + values.map { value in object.merging([name: value]) { $1 } }
            }
        }
    }

    @Test("window.open's params")
    func open() {
        var direct = 0
        for members in Self.objects(["group", "value"]) {
            let decoded = try? JSONValueDecoder().decode(WindowOpen.Params.self, from: .object(members))
            guard let read = WindowOpen.Params(members: ObjectMembers(members)) else { continue }
            direct += 1
            #expect(read.group == decoded?.group && read.value == decoded?.value, "\(members)")
        }
        let strings = Self.values.filter { if case .string = $0 { true } else { false } }.count
        #expect(direct == strings * (Self.values.count + 1), "the direct reading takes every string group")
    }

    @Test("window.open's params with nothing besides group and value (the bare open)")
    func bareOpen() {
        for var members in Self.objects(["group", "value"]) {
            members["extra"] = nil
            let decoded = try? JSONValueDecoder().decode(WindowOpen.Params.self, from: .object(members))
            guard let read = WindowOpen.Params(members: ObjectMembers(members)) else { continue }
            #expect(decoded != nil && read.group == decoded?.group && read.value == decoded?.value, "\(members)")
            #expect(read.place == nil && read.outcomes == nil)
        }
    }

    @Test("window.open's params with the opener's place")
    func openWithPlace() {
        let places: [JSONValue] = [
            .object(["kind": .string("tmux"), "socket": .string("/tmp/tmux-0/default"), "pane": .string("%3")]),
            .object([
                "kind": .string("kitty"), "window_id": .string("1"),
                "outer": .object(["kind": .string("x11"), "window": .string("4")]),
            ]),
            .object(["kind": .string("nowhere")]), .object(["kind": .int(1)]), .object(["pane": .string("%1")]),
            .object(["kind": .string("sway"), "pid": .string("12")]),
        ]
        var direct = 0
        for members in Self.objects(["group"]) {
            for place in places + Self.values {
                var object = members
                object["place"] = place
                let decoded = try? JSONValueDecoder().decode(WindowOpen.Params.self, from: .object(object))
                guard let read = WindowOpen.Params(members: ObjectMembers(object)) else {
                    #expect(decoded == nil, "declined what decoding takes: \(object)")
                    continue
                }
                direct += 1
                #expect(decoded != nil && read.group == decoded?.group && read.place == decoded?.place, "\(object)")
            }
        }
        #expect(direct > 0)
    }

    @Test("window.open's params with the opener's path")
    func openWithPath() {
        var direct = 0
        for members in Self.objects(["group", "path"]) {
            let decoded = try? JSONValueDecoder().decode(WindowOpen.Params.self, from: .object(members))
            guard let read = WindowOpen.Params(members: ObjectMembers(members)) else {
                #expect(decoded == nil, "declined what decoding takes: \(members)")
                continue
            }
            direct += 1
            #expect(decoded != nil && read.path == decoded?.path, "\(members)")
        }
        let strings = Self.values.filter { if case .string = $0 { true } else { false } }.count
        #expect(direct == strings * (strings + 2), "every string group, with the path absent, null or a string")
    }

    @Test("window.open's params with the outcomes the client decodes")
    func openWithOutcomes() {
        var direct = 0
        for members in Self.objects(["group", "outcomes"]) {
            let decoded = try? JSONValueDecoder().decode(WindowOpen.Params.self, from: .object(members))
            guard let read = WindowOpen.Params(members: ObjectMembers(members)) else { continue }
            direct += 1
            #expect(decoded != nil && read.outcomes == decoded?.outcomes, "\(members)")
        }
        #expect(direct > 0)
    }

    @Test("scene.setPhase's params, stopped among them")
    func idAndPhase() {
        var direct = 0
        for members in Self.objects(["id", "phase", "stopped"]) {
            let decoded = try? JSONValueDecoder().decode(SceneSetPhase.Params.self, from: .object(members))
            guard let read = SceneSetPhase.Params(members: ObjectMembers(members)) else { continue }
            direct += 1
            #expect(read.id == decoded?.id && read.phase == decoded?.phase, "\(members)")
            #expect((read.stopped ?? false) == (decoded?.stopped ?? false), "\(members)")
        }
        #expect(direct > 0)
    }

    @Test("a member written twice: the direct reading takes its last value, as the parsed object keeps")
    func memberWrittenTwice() throws {
        let line =
            #"{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"a","value":1,"group":"detail","value":2}}"#
        let parsed = try Array(line.utf8).withUnsafeBytes { try JSONParser.parseRequestLine($0) }
        guard case .single(let request?) = parsed, case .members(let members)? = request.params else {
            Issue.record("not a request with params: \(parsed)")
            return
        }
        #expect(members.count == 4)
        let read = try #require(WindowOpen.Params(members: members))
        let decoded = try JSONValueDecoder().decode(WindowOpen.Params.self, from: .object(members.object))
        #expect(read.group == "detail" && read.value == .int(2))
        #expect(read.group == decoded.group && read.value == decoded.value)
    }
}

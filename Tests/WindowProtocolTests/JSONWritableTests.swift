import TestSupport
import Testing
import WindowProtocol

/// The hand-written writers of `window.open`'s and `scene.setPhase`'s replies (the only ones the
/// request path's profile asks for) against their `Encodable` conformances:
/// the same bytes, for values with escapes, non-ASCII text, exact number text and every id form.
@Suite("Direct JSON writers")
struct JSONWritableTests {
    static func info(_ random: inout SeededGenerator) -> WindowInfo {
        WindowInfo(
            id: JSONWriterTests.strings.randomElement(using: &random)!,
            group: JSONWriterTests.strings.randomElement(using: &random)!,
            value: JSONWriterTests.value(&random),
            phase: ScenePhase.allCases.randomElement(using: &random)!,
            attached: Bool.random(using: &random),
            createdAt: JSONWriterTests.strings.randomElement(using: &random)!,
            place: Self.places.randomElement(using: &random)!
        )
    }

    /// No place, flat ones, a nested one, and identifiers that need escapes.
    static let places: [Place?] = [
        nil, Place(kind: .terminal), Place(kind: .tmux, socket: "/tmp/tmux-0/default", pane: "%3", session: "$0"),
        Place(kind: .sway, socket: "/run/user/1000/sway-ipc.sock", pid: 4242, conID: 17),
        Place(
            kind: .tmux,
            pane: "%1",
            outer: Place(
                kind: .kitty,
                listenOn: "unix:/tmp/k \"q\"",
                windowID: "1",
                outer: Place(kind: .x11, window: "4194318", display: ":1")
            )
        ),
        Place(kind: .screen, session: "12.pts-0.h\u{e9}", window: "0"),
    ]

    static let commands: [[String]?] = [
        nil, [], ["winctl", "attach", "6f1c"], ["orders", "detail \"4\"\n", "\u{1F600}"],
    ]

    static func id(_ random: inout SeededGenerator) -> RequestID? {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return nil
        case 1: return .number(Int64.random(in: .min ... .max, using: &random))
        case 2: return .string(JSONWriterTests.strings.randomElement(using: &random)!)
        default: return .numberText(JSONWriterTests.numbers.randomElement(using: &random)!)
        }
    }

    static func error(_ random: inout SeededGenerator) -> RPCError {
        RPCError(
            code: Int.random(in: -32_700 ... -32_000, using: &random),
            message: JSONWriterTests.strings.randomElement(using: &random)!,
            reason: Bool.random(using: &random) ? ErrorReason.allCases.randomElement(using: &random) : nil
        )
    }

    private func agree(_ value: some JSONWritable) throws {
        let direct = value.jsonBytes
        let codable = try JSONWriter.bytes(value)
        #expect(
            direct == codable,
            "\(String(decoding: direct, as: UTF8.self)) ≠ \(String(decoding: codable, as: UTF8.self))"
        )
    }

    @Test("each hot type writes what its Encodable conformance writes", arguments: 0..<4)
    func sameBytes(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let window = Self.info(&random)
            let aggregate = ScenePhase.allCases.randomElement(using: &random)!
            try agree(window)
            try agree(
                WindowOpen.Result(
                    window: window,
                    outcome: OpenOutcome.allCases.randomElement(using: &random)!,
                    command: Self.commands.randomElement(using: &random)!
                )
            )
            try agree(SceneSetPhase.Result(window: window, aggregate: aggregate))
            try agree(RPCResponse(id: Self.id(&random), result: WindowOpen.Result(window: window, outcome: .created)))
            try agree(
                RPCResponse(id: Self.id(&random), result: SceneSetPhase.Result(window: window, aggregate: aggregate))
            )
            try agree(Self.error(&random))
        }
    }

    @Test("a result written as a response is what RPCResponse writes", arguments: 0..<2)
    func responseBytes(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let window = Self.info(&random)
            let opened = WindowOpen.Result(window: window, outcome: OpenOutcome.allCases.randomElement(using: &random)!)
            let id = Self.id(&random)
            #expect(opened.responseBytes(id: id) == RPCResponse(id: id, result: opened).jsonBytes)
            let set = SceneSetPhase.Result(
                window: window,
                aggregate: ScenePhase.allCases.randomElement(using: &random)!
            )
            #expect(set.responseBytes(id: id) == RPCResponse(id: id, result: set).jsonBytes)
        }
    }
}

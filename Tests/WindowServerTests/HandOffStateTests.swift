import Testing
import WindowProtocol

@testable import WindowServer

@Suite("Hand-off state")
struct HandOffStateTests {
    static let records = [
        HandOffState.ConnectionRecord(
            name: "conn-1a2b-1",
            presenting: "7e2e2ad2-d66d-4f06-851c-afc0f1654dc6",
            phase: .inactive,
            subscription: nil,
            subscribedToAll: false,
            lastSeq: 42,
            partialLine: []
        ),
        HandOffState.ConnectionRecord(
            name: "conn-1a2b-2",
            presenting: nil,
            phase: nil,
            subscription: [],
            subscribedToAll: true,
            lastSeq: 0,
            partialLine: Array(#"{"jsonrpc":"2.0","id":7"#.utf8)
        ),
        HandOffState.ConnectionRecord(
            name: "conn-1a2b-3",
            presenting: nil,
            phase: nil,
            subscription: ["scene.phase", "window.opened"],
            subscribedToAll: false,
            lastSeq: UInt64.max,
            partialLine: [0xFF, 0x00, 0xC3]
        ),
        HandOffState.ConnectionRecord(
            name: "conn-1a2b-4",
            presenting: nil,
            phase: nil,
            subscription: [],
            subscribedToAll: false,
            lastSeq: 3,
            partialLine: []
        ),
    ]

    static func expectEqual(_ decoded: HandOffState?, _ state: HandOffState) {
        #expect(decoded?.generation == state.generation)
        #expect(decoded?.appState == state.appState)
        #expect(decoded?.connections.count == state.connections.count)
        for (read, written) in zip(decoded?.connections ?? [], state.connections) {
            #expect(read.name == written.name && read.presenting == written.presenting && read.phase == written.phase)
            #expect(read.subscription == written.subscription && read.subscribedToAll == written.subscribedToAll)
            #expect(
                read.lastSeq == written.lastSeq && read.partialLine == written.partialLine
                    && read.place == written.place
            )
        }
    }

    @Test(
        "every field comes back as it was written, whatever the app state",
        arguments: [
            AppState.loading, .authenticated(user: "alice"), .onboarding(.permissions), .error(.sessionExpired),
        ]
    )
    func roundTrip(appState: AppState) throws {
        let state = HandOffState(generation: "9f1c", appState: appState, connections: Self.records)
        Self.expectEqual(HandOffState(bytes: try state.bytes()), state)
    }

    @Test("a presenter's place comes back as it was written")
    func place() throws {
        var records = Self.records
        records[0].place = Place(kind: .tmux, socket: "/tmp/tmux-0/default", pane: "%3")
        let state = HandOffState(generation: "77", appState: .loading, connections: records)
        let decoded = HandOffState(bytes: try state.bytes())
        Self.expectEqual(decoded, state)
        #expect(decoded?.connections.map(\.place) == records.map(\.place))
    }

    @Test("the state of another binary (an earlier format) is not read: the next daemon restores from the database")
    func otherFormats() throws {
        let state = HandOffState(generation: "0a0b", appState: .unauthenticated, connections: Self.records)
        var earlier = state
        earlier.version = 1
        #expect(HandOffState(bytes: try earlier.bytes()) == nil, "format 1, JSON")
        #expect(HandOffState(bytes: Array("WDHO".utf8) + [4, 0, 0, 0, 0]) == nil, "formats 2 to 4, binary")
    }

    @Test("cut short, extended or garbled bytes are refused, never misread")
    func damaged() throws {
        let bytes = try HandOffState(generation: "1", appState: .loading, connections: Self.records).bytes()
        for length in stride(from: 0, to: bytes.count, by: 3) {
            #expect(
                HandOffState(bytes: Array(bytes[0..<length])) == nil,
                "a state cut at \(length) of \(bytes.count) bytes"
            )
        }
        #expect(HandOffState(bytes: bytes + [0]) == nil)
        #expect(HandOffState(bytes: Array("not a state".utf8)) == nil)
    }
}

import Foundation
import Testing
import WindowProtocol

@testable import WindowServer

@Suite("Hand-off state bytes")
struct HandOffCodecTests {
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
                    && read.place == written.place && read.stopped == written.stopped
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
        Self.expectEqual(HandOffCodec.decode(try HandOffCodec.encode(state)), state)
    }

    @Test("a presenter's place comes back as it was written")
    func place() throws {
        var records = Self.records
        records[0].place = Place(kind: .tmux, socket: "/tmp/tmux-0/default", pane: "%3")
        let state = HandOffState(generation: "77", appState: .loading, connections: records)
        let decoded = HandOffCodec.decode(try HandOffCodec.encode(state))
        Self.expectEqual(decoded, state)
        #expect(decoded?.connections.map(\.place) == records.map(\.place))
    }

    @Test("a stopped presenter (Ctrl-Z) comes back stopped; the others not")
    func stopped() throws {
        var records = Self.records
        records[0].phase = .background
        records[0].stopped = true
        let state = HandOffState(generation: "5", appState: .unauthenticated, connections: records)
        let decoded = HandOffCodec.decode(try HandOffCodec.encode(state))
        Self.expectEqual(decoded, state)
        #expect(decoded?.connections.map(\.stopped) == [true, false, false, false])
    }

    @Test("the bytes an earlier windowd wrote (format 3: places, no stopped flag) are still read, not stopped")
    func formatThree() throws {
        func run(_ bytes: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + bytes
        }
        func string(_ text: String) -> [UInt8] { run(Array(text.utf8)) }
        let window = "7e2e2ad2-d66d-4f06-851c-afc0f1654dc6"
        let place = #"{"kind":"tmux","socket":"/tmp/tmux-0/default","pane":"%3"}"#
        let bytes: [UInt8] =
            Array("WDHO".utf8) + [3] + string("0c0d") + run(try JSONWriter.bytes(AppState.loading))
            + withUnsafeBytes(of: UInt32(1).littleEndian, Array.init)
            + string("conn-1") + [1] + string(window) + [1] + string("background") + [0]
            + withUnsafeBytes(of: UInt64(42).littleEndian, Array.init) + run([]) + [1] + string(place)
        let decoded = HandOffCodec.decode(bytes)
        #expect(decoded?.connections.count == 1)
        #expect(decoded?.connections.first?.presenting == window && decoded?.connections.first?.phase == .background)
        #expect(decoded?.connections.first?.place?.pane == "%3" && decoded?.connections.first?.stopped == false)
    }

    @Test("the bytes an earlier windowd wrote (format 2: no places) are still read")
    func formatTwo() throws {
        func run(_ bytes: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + bytes
        }
        func string(_ text: String) -> [UInt8] { run(Array(text.utf8)) }
        let window = "7e2e2ad2-d66d-4f06-851c-afc0f1654dc6"
        let bytes: [UInt8] =
            Array("WDHO".utf8) + [2] + string("0c0d") + run(try JSONWriter.bytes(AppState.loading))
            + withUnsafeBytes(of: UInt32(1).littleEndian, Array.init)
            + string("conn-1") + [1] + string(window) + [1] + string("inactive") + [0]
            + withUnsafeBytes(of: UInt64(42).littleEndian, Array.init) + run([])
        let decoded = HandOffCodec.decode(bytes)
        #expect(decoded?.appState == .loading)
        #expect(decoded?.connections.count == 1)
        #expect(decoded?.connections.first?.presenting == window && decoded?.connections.first?.phase == .inactive)
        #expect(decoded?.connections.first?.lastSeq == 42 && decoded?.connections.first?.place == nil)
    }

    @Test("the JSON an earlier windowd wrote (format 1) is still read")
    func earlierFormat() throws {
        let state = HandOffState(generation: "0a0b", appState: .unauthenticated, connections: Self.records)
        let json = Array(try JSONEncoder().encode(state))
        Self.expectEqual(HandOffCodec.decode(json), state)
    }

    @Test("cut short, extended or garbled bytes are refused, never misread")
    func damaged() throws {
        let bytes = try HandOffCodec.encode(
            HandOffState(generation: "1", appState: .loading, connections: Self.records)
        )
        for length in stride(from: 0, to: bytes.count, by: 3) {
            #expect(
                HandOffCodec.decode(Array(bytes[0..<length])) == nil,
                "a state cut at \(length) of \(bytes.count) bytes"
            )
        }
        #expect(HandOffCodec.decode(bytes + [0]) == nil)
        var unknownStopped = bytes
        unknownStopped[unknownStopped.count - 1] = 2
        #expect(HandOffCodec.decode(unknownStopped) == nil, "a stopped byte other than 0 or 1")
        var unknownFormat = bytes
        unknownFormat[4] = 9
        #expect(HandOffCodec.decode(unknownFormat) == nil)
        #expect(HandOffCodec.decode(Array("not a state".utf8)) == nil)
    }
}

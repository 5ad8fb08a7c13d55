import Foundation
import Testing
@testable import WindowServer
import WindowProtocol

@Suite("Hand-off state bytes")
struct HandOffCodecTests {
    static let records = [
        HandOffState.ConnectionRecord(name: "conn-1a2b-1", presenting: "7e2e2ad2-d66d-4f06-851c-afc0f1654dc6", phase: .inactive,
                                      subscription: nil, subscribedToAll: false, lastSeq: 42, partialLine: []),
        HandOffState.ConnectionRecord(name: "conn-1a2b-2", presenting: nil, phase: nil,
                                      subscription: [], subscribedToAll: true, lastSeq: 0, partialLine: Array(#"{"jsonrpc":"2.0","id":7"#.utf8)),
        HandOffState.ConnectionRecord(name: "conn-1a2b-3", presenting: nil, phase: nil,
                                      subscription: ["scene.phase", "window.opened"], subscribedToAll: false, lastSeq: UInt64.max,
                                      partialLine: [0xFF, 0x00, 0xC3]),
        HandOffState.ConnectionRecord(name: "conn-1a2b-4", presenting: nil, phase: nil,
                                      subscription: [], subscribedToAll: false, lastSeq: 3, partialLine: []),
    ]

    static func expectEqual(_ decoded: HandOffState?, _ state: HandOffState) {
        #expect(decoded?.generation == state.generation)
        #expect(decoded?.appState == state.appState)
        #expect(decoded?.connections.count == state.connections.count)
        for (read, written) in zip(decoded?.connections ?? [], state.connections) {
            #expect(read.name == written.name && read.presenting == written.presenting && read.phase == written.phase)
            #expect(read.subscription == written.subscription && read.subscribedToAll == written.subscribedToAll)
            #expect(read.lastSeq == written.lastSeq && read.partialLine == written.partialLine)
        }
    }

    @Test("every field comes back as it was written, whatever the app state", arguments: [
        AppState.loading, .authenticated(user: "alice"), .onboarding(.permissions), .error(.sessionExpired),
    ])
    func roundTrip(appState: AppState) throws {
        let state = HandOffState(generation: "9f1c", appState: appState, connections: Self.records)
        Self.expectEqual(HandOffCodec.decode(try HandOffCodec.encode(state)), state)
    }

    @Test("the JSON an earlier windowd wrote (format 1) is still read")
    func earlierFormat() throws {
        let state = HandOffState(generation: "0a0b", appState: .unauthenticated, connections: Self.records)
        let json = Array(try JSONEncoder().encode(state))
        Self.expectEqual(HandOffCodec.decode(json), state)
    }

    @Test("cut short, extended or garbled bytes are refused, never misread")
    func damaged() throws {
        let bytes = try HandOffCodec.encode(HandOffState(generation: "1", appState: .loading, connections: Self.records))
        for length in stride(from: 0, to: bytes.count, by: 3) {
            #expect(HandOffCodec.decode(Array(bytes[0..<length])) == nil, "a state cut at \(length) of \(bytes.count) bytes")
        }
        #expect(HandOffCodec.decode(bytes + [0]) == nil)
        var unknownFormat = bytes
        unknownFormat[4] = 9
        #expect(HandOffCodec.decode(unknownFormat) == nil)
        #expect(HandOffCodec.decode(Array("not a state".utf8)) == nil)
    }
}

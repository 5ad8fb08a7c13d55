import NIOCore
import Testing
import WindowProtocol

@testable import WindowServer

@Suite("Event encoding")
struct EncodedEventTests {
    private func line(_ event: EncodedEvent, seq: UInt64) -> String {
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        event.write(seq: seq, into: &buffer)
        #expect(buffer.readableBytes == event.byteCount(seq: seq))
        return String(buffer: buffer)
    }

    @Test("seq is spliced in front of the payload members")
    func splice() {
        let event = EncodedEvent(name: .scenePhase, payload: Array(#"{"phase":"active","previous":"background"}"#.utf8))
        #expect(
            line(event, seq: 17)
                == #"{"jsonrpc":"2.0","method":"scene.phase","params":{"seq":17,"phase":"active","previous":"background"}}"#
                + "\n"
        )
    }

    @Test("an empty payload gives params with seq alone")
    func empty() {
        let event = EncodedEvent(name: .daemonStopping, payload: Array("{}".utf8))
        #expect(line(event, seq: 1) == #"{"jsonrpc":"2.0","method":"daemon.stopping","params":{"seq":1}}"# + "\n")
    }

    @Test("seq is written in decimal at every width", arguments: [0, 9, 10, 99, 100, 12_345, UInt64.max])
    func seqDigits(seq: UInt64) {
        let event = EncodedEvent(name: .daemonReloaded, payload: Array("{}".utf8))
        #expect(
            line(event, seq: seq) == #"{"jsonrpc":"2.0","method":"daemon.reloaded","params":{"seq":\#(seq)}}"# + "\n"
        )
    }
}

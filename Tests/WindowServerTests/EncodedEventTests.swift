import NIOCore
import Testing
@testable import WindowServer
import WindowProtocol

@Suite("Event encoding")
struct EncodedEventTests {
    @Test("seq is spliced in front of the payload members")
    func splice() {
        let event = EncodedEvent(name: .scenePhase, payload: Array(#"{"phase":"active","previous":"background"}"#.utf8))
        let line = event.line(seq: 17, allocator: ByteBufferAllocator())
        #expect(String(buffer: line) == #"{"jsonrpc":"2.0","method":"scene.phase","params":{"seq":17,"phase":"active","previous":"background"}}"# + "\n")
    }

    @Test("an empty payload gives params with seq alone")
    func empty() {
        let event = EncodedEvent(name: .daemonStopping, payload: Array("{}".utf8))
        let line = event.line(seq: 1, allocator: ByteBufferAllocator())
        #expect(String(buffer: line) == #"{"jsonrpc":"2.0","method":"daemon.stopping","params":{"seq":1}}"# + "\n")
    }
}

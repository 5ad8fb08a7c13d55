import POSIXSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("DescriptorDatagram")
struct DescriptorDatagramTests {
    @Test("nothing waiting: nil at once; a datagram: its text, and no descriptors when none came")
    func receive() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        var data = [UInt8](repeating: 0, count: 8192)
        var control = [UInt8](repeating: 0, count: 4096)
        #expect(DescriptorDatagram.receive(on: ends[0], data: &data, control: &control) == nil)
        let text = "READY=1\nSTATUS=serving"
        #expect(send(ends[1], text, text.utf8.count, 0) == text.utf8.count)
        let received = try #require(DescriptorDatagram.receive(on: ends[0], data: &data, control: &control))
        #expect(received.text == text && received.descriptors.isEmpty)
    }
}

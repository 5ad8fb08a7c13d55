import Foundation
import Testing

@testable import WindowServer

/// What `validate_command` prints, as the log takes it: one line, control characters escaped,
/// at most `PrintedOutput.lineLimit` bytes (windowd(8), "Programs it starts").
@Suite("Printed output")
struct PrintedOutputTests {
    @Test("a short output is one line with its control characters escaped and its trailing line break dropped")
    func short() {
        var output = PrintedOutput()
        output.append(Array("ok\u{1B}[31m\u{07}\r\nsecond line\n".utf8))
        #expect(output.line == #"ok\u001b[31m\u0007\r\nsecond line"#)
        #expect(PrintedOutput().line == nil, "nothing printed, nothing logged")
    }

    @Test("200 KB of every byte keep only a line's worth, escaped, cut whole, saying how much there was")
    func long() throws {
        var output = PrintedOutput()
        let chunk = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        for _ in 0..<50 { output.append(chunk) }
        #expect(output.count == 204_800)
        #expect(output.kept.count <= PrintedOutput.lineLimit)
        let line = try #require(output.line)
        #expect(line.utf8.count <= PrintedOutput.lineLimit, "\(line.utf8.count) bytes")
        #expect(line.hasSuffix(" … (204800 bytes in all)"), "\(line.suffix(40))")
        #expect(
            line.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) },
            "no control character left"
        )
        let body = line.dropLast(" … (204800 bytes in all)".count)
        #expect(
            body.range(of: #"\\u[0-9a-f]{0,3}$"#, options: .regularExpression) == nil,
            "no escape cut in half: \(body.suffix(12))"
        )
    }
}

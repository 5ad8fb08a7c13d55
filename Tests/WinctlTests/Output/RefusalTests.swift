import Testing
import WindowProtocol

@testable import WinctlOutput

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `--json` prints for a refusal: the JSON-RPC error object, members in name order, with
/// slashes as they are (as Foundation's `JSONEncoder` with `.sortedKeys` wrote it before).
@Suite("Refusal: the error object printed with --json")
struct RefusalTests {
    @Test(
        "the object is written as JSONEncoder with sorted keys wrote it",
        arguments: [
            Refusal(reason: "ambiguous_window", message: "'3f' names 2 windows", candidates: ["3f2a", "3f/b"]),
            Refusal(reason: "unknown_window", message: "no window \"x\" in /run/w.sock"),
            Refusal(RPCError(code: -32601, message: "method not found")),
        ]
    )
    func sameAsBefore(refusal: Refusal) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let before = String(decoding: try encoder.encode(refusal.object), as: UTF8.self)
        #expect(String(decoding: try JSONWriter.bytes(refusal.object), as: UTF8.self) == before)
    }
}

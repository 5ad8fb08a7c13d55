import Foundation
import Testing
import WindowEngine
import WindowFuzzing
import WindowProtocol

/// Inputs of the libFuzzer target (fuzz/), replayed through the same pure dispatcher and the
/// same invariants: the seed corpus, and every input that once broke something.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// `fuzz/` in the package, found from this file's place in `Tests/WindowEngineTests/Dispatch`.
    static let fuzzDirectory: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fuzz")
    }()

    static func inputs(in folder: String) -> [String] {
        let directory = fuzzDirectory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    static func replay(_ folder: String, _ name: String) throws -> [String] {
        let data = try Data(contentsOf: fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(name))
        let session = FuzzSession()
        return session.run(Array(data))
    }

    @Test(
        "every seed of fuzz/corpus runs without breaking an invariant",
        arguments: FuzzRegressionTests.inputs(in: "corpus")
    )
    func seed(_ name: String) throws {
        let violations = try Self.replay("corpus", name)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test("the seed corpus is there")
    func corpusExists() {
        #expect(Self.inputs(in: "corpus").count >= 10)
    }

    @Test("a refused request leaves the coordinator as it was and persists nothing")
    func refusalsChangeNothing() throws {
        let session = FuzzSession()
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"detail","value":1}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"storage.set","params":{"id":"$0","key":"k","value":"\#(String(repeating: "x", count: 600))"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"app.transition","params":{"to":{"state":"error","error":"maintenanceMode"}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"window.attach","params":{"group":"orders","value":"6f1c2a9e-3a1b-4c55-9d1e-0b1f7e4c2d11"}}"#,
        ]
        #expect(session.run(Array((lines.joined(separator: "\n") + "\n").utf8)) == [])
        #expect(session.context.coordinator.registry.count == 1)
    }

    /// A line whose commit fails is undone: the fuzz session rolls the
    /// coordinator back as the daemon does, and every request of the line is answered -32603.
    @Test(
        "a window.attach that opens a window, whose commit fails, is undone and answered with the error; it succeeds once commits do"
    )
    func attachOpenWhoseCommitFails() throws {
        let session = FuzzSession()
        let line = #"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"detail","value":7}}"#
        #expect(session.run(Array(("$storefail\n" + line + "\n").utf8)) == [])
        #expect(session.context.coordinator.registry.count == 0)
        #expect(session.run(Array(("$storeok\n" + line + "\n").utf8)) == [])
        #expect(session.context.coordinator.registry.count == 1)
        let outcome = Array(line.utf8).withUnsafeBytes {
            session.router.handle(line: $0, from: ConnectionID(2), context: session.context)
        }
        let undone = String(decoding: outcome.line(undone: "No space left on device") ?? [], as: UTF8.self)
        #expect(undone.contains("-32603") && undone.contains("not applied"), "\(undone)")
    }

    /// Found by the fuzzer: the session's expiry closes its windows in the clock's own step, so
    /// their aggregate falls there and waits for its settle time like any other fall.
    @Test("a session that expires closes its windows, and their aggregate's fall is announced after its settle time")
    func expiryClosesWindowsAndTheFallSettles() throws {
        let session = FuzzSession()
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"app.transition","params":{"to":{"state":"onboarding","step":"welcome"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"app.transition","params":{"to":{"state":"authenticated","user":"alice"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"window.open","params":{"group":"orders","value":"6F1C2A9E-3A1B-4C55-9D1E-0B1F7E4C2D11"}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"window.attach","params":{"id":"$0"}}"#,
        ]
        // One second a line: the session (TTL 30 s) expires at the 31st, which then ends.
        let untilExpiry = lines + Array(repeating: "", count: 28)
        #expect(session.run(Array((untilExpiry.joined(separator: "\n") + "\n").utf8)) == [])
        let coordinator = session.context.coordinator
        #expect(coordinator.state == .error(.sessionExpired))
        #expect(coordinator.registry.count == 0)
        #expect(coordinator.aggregate == .active && coordinator.phaseSettle.deadline != nil)
        #expect(session.run(Array("\n".utf8)) == [])
        #expect(session.context.coordinator.aggregate == .background)
    }
}

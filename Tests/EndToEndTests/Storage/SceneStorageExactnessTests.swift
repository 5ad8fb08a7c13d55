import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd(8); windowd-protocol(7), window.open: scene storage values come back exactly as they were sent (a number
/// keeps all its digits), across restarts and `kill -9`; an `int` group's values are equal as
/// integers, whatever JSON form they were written in. Replies are compared as raw text.
@Suite("Scene storage exactness", .timeLimit(.minutes(2)))
struct SceneStorageExactnessTests {
    /// Numbers whose text a double would change, and one nested value.
    static let values = [
        "12345678901234567890", "-0.0", "1.10", "1e400", "0.1", "-0", "1E2", "2.50e3",
        "123456789012345678901234567890.123456789e-5", "9007199254740993",
        #"{"price":1.10,"big":[12345678901234567890,1e400,-0.0],"name":"x"}"#,
    ]

    @Test(
        "storage.set of numbers that a double would change returns them, storage.get gives them back exactly, also after SIGTERM and after kill -9"
    )
    func numbersKeepTheirText() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess.start(in: directory, name: "first")
        let client = try first.client()
        let id = try #require(
            try client.call("window.open", #"{"group":"notes","value":"exact"}"#)["window"]?["id"]?.string
        )
        var stored: [Int] = []
        for (index, value) in Self.values.enumerated() {
            let set = try client.rawCall(
                "storage.set",
                #"{"id":"\#(id)","key":"v\#(index)","value":\#(value)}"#,
                id: Int64(index)
            )
            guard let echoed = set.result?["storage"]?["v\(index)"] else {
                Issue.record("storage.set of \(value) was refused: \(set.error?.text ?? set.text)")
                continue
            }
            stored.append(index)
            #expect(Self.same(echoed, value), "storage.set of \(value) returned \(echoed.text)")
        }
        Self.expectStored(in: client, id: id, indices: stored, "while running")

        #expect(first.stop() == .exited(0))
        let second = try DaemonProcess.start(in: directory, name: "second")
        let afterTerm = try second.client()
        Self.expectStored(in: afterTerm, id: id, indices: stored, "after SIGTERM and a new start")
        // One more write, acknowledged just before kill -9.
        let late = try afterTerm.rawCall("storage.set", #"{"id":"\#(id)","key":"late","value":1.10}"#, id: 99)
        #expect(late.result?["storage"]?["late"]?.text == "1.10", "\(late.text)")
        second.process.signal(SIGKILL)
        #expect(try second.process.wait() == .signaled(SIGKILL))

        let third = try DaemonProcess.start(in: directory, name: "third")
        defer { third.stop() }
        let afterKill = try third.client()
        Self.expectStored(in: afterKill, id: id, indices: stored, "after kill -9")
        #expect(
            try afterKill.rawCall("storage.get", #"{"id":"\#(id)","key":"late"}"#, id: 100).result?["storage"]?["late"]?
                .text == "1.10",
            "the write acknowledged before kill -9 is back exactly"
        )
    }

    @Test(
        "in an int group 9007199254740993 and 9007199254740993.0 are one window, \"42\" and 42 too; 42.5 and 1e400 are invalid_value"
    )
    func intGroupEquality() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        func open(_ value: String, id: Int64) throws -> RawJSON {
            try client.rawCall("window.open", #"{"group":"detail","value":\#(value)}"#, id: id)
        }
        let big = try open("9007199254740993", id: 1)
        #expect(
            big.result?["created"]?.bool == true && big.result?["window"]?["value"]?.text == "9007199254740993",
            "\(big.text)"
        )
        let bigID = big.result?["window"]?["id"]?.string
        for (index, form) in ["9007199254740993.0", #""9007199254740993""#, "9007199254740993.000"].enumerated() {
            let again = try open(form, id: Int64(10 + index))
            #expect(
                again.result?["created"]?.bool == false && again.result?["window"]?["id"]?.string == bigID,
                "\(form) is the window of 9007199254740993: \(again.error?.text ?? again.result?["window"]?.text ?? again.text)"
            )
            #expect(
                again.result?["window"]?["value"]?.text == "9007199254740993",
                "the value stays exactly 9007199254740993: \(again.text)"
            )
        }
        let neighbour = try open("9007199254740992", id: 2)
        #expect(neighbour.result?["created"]?.bool == true, "9007199254740992 is another window: \(neighbour.text)")

        let answer = try open("42", id: 3)
        let answerID = answer.result?["window"]?["id"]?.string
        for (index, form) in [#""42""#, "42.0"].enumerated() {
            let again = try open(form, id: Int64(20 + index))
            #expect(
                again.result?["created"]?.bool == false && again.result?["window"]?["id"]?.string == answerID,
                "\(form) is the window of 42: \(again.text)"
            )
        }
        for (index, form) in ["42.5", "1e400", #""42.5""#, "4.25e1"].enumerated() {
            let refused = try open(form, id: Int64(30 + index))
            #expect(
                refused.code == -32000 && refused.reason == "invalid_value",
                "\(form) is not an integer: \(refused.text)"
            )
        }
        let values = try client.rawCall("window.list", #"{"group":"detail"}"#, id: 4).result?["windows"]?.array?
            .compactMap { $0["value"]?.text }
        #expect(
            values.map(Set.init) == ["9007199254740993", "9007199254740992", "42"],
            "three windows: \(values ?? [])"
        )
    }

    /// Whether `echoed` is `sent`: a scalar's text byte for byte; an object's members in any order, numbers by text.
    static func same(_ echoed: RawJSON, _ sent: String) -> Bool {
        guard let expected = try? RawJSON.parse(sent) else { return false }
        return expected.isObject ? echoed.sameValue(as: expected) : echoed.text == sent
    }

    static func expectStored(in client: RawClient, id: String, indices: [Int], _ when: String) {
        do {
            let all = try client.rawCall("storage.get", #"{"id":"\#(id)"}"#, id: 1_000)
            var wrong: [String] = []
            for index in indices {
                let value = Self.values[index]
                let one = try client.rawCall(
                    "storage.get",
                    #"{"id":"\#(id)","key":"v\#(index)"}"#,
                    id: Int64(2_000 + index)
                )
                let single = one.result?["storage"]?["v\(index)"]
                let fromAll = all.result?["storage"]?["v\(index)"]
                if single.map({ same($0, value) }) != true || fromAll.map({ same($0, value) }) != true {
                    wrong.append(
                        "sent \(value), storage.get gave \(single?.text ?? one.text) (in the whole storage \(fromAll?.text ?? "missing"))"
                    )
                }
            }
            #expect(wrong.count == 0, "\(when):\n\(wrong.joined(separator: "\n"))")
        } catch {
            Issue.record("\(when): \(error)")
        }
    }
}

import TestSupport
import Testing
import WindowProtocol

/// Negative numbers are values, `-s` is `--socket`, a missing value is named as missing,
/// and with `--json` a refusal is its JSON-RPC error object on standard output.
@Suite("winctl command line", .timeLimit(.minutes(1)))
struct WinctlCommandLineTests {
    @Test("negative numbers are values: open detail -5, storage set ID k -1.5, before or after options")
    func negativeNumbers() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath

        let open = try Winctl.run(["open", "detail", "-5"], socket: socket)
        #expect(open.status == 0 && open.stdout.hasSuffix(" created\n"), "\(open)")
        let again = try Winctl.run(["open", "detail", "-5", "--json"], socket: socket)
        #expect(again.status == 0, "\(again)")
        let window = try again.json()["window"]
        #expect(try window?["value"]?.int == -5 && again.json()["created"] == .bool(false), "\(again)")
        let id = try #require(window?["id"]?.string)

        let set = try Winctl.run(["storage", "set", id, "k", "-1.5"], socket: socket)
        #expect(set.status == 0 && set.stdout == "\(id) k = -1.5\n", "\(set)")
        let setFirst = try Winctl.run(["-s", socket, "storage", "set", id, "j", "-1e3", "--timeout", "2"], socket: nil)
        #expect(setFirst.status == 0, "-s, a number and an option after it: \(setFirst)")
        let get = try Winctl.run(["storage", "get", id], socket: socket, json: true)
        #expect(try get.json()["storage"]?["k"] == .double(-1.5), "\(get)")
        #expect(try get.json()["storage"]?["j"] != nil, "\(get)")

        let notes = try Winctl.run(["open", "notes", "--", "-x"], socket: socket, json: true)
        #expect(
            try notes.json()["window"]?["value"]?.string == "-x",
            "other values that start with - follow --: \(notes)"
        )
        let option = try Winctl.run(["open", "notes", "-x"], socket: socket)
        #expect(option.status == 64, "-x is still an unknown option: \(option)")
    }

    @Test("open GROUP without a value for a typed group says the value is missing")
    func missingValue() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let run = try Winctl.run(["open", "detail"], socket: daemon.socketPath)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stderr.contains("needs a value") && run.stderr.contains("'detail'") && !run.stderr.contains("null"),
            "\(run)"
        )
    }

    @Test("--json: a refusal prints its JSON-RPC error object on standard output, exit status 1")
    func jsonRefusals() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let cases: [([String], Int64, String?)] = [
            (["transition", "loading"], -32000, "invalid_transition"),
            (["open", "nowhere", "1"], -32000, "unknown_group"),
            (["open", "detail", "x"], -32000, "invalid_value"),
            (["close", "00000000-0000-0000-0000-000000000000"], -32000, "unknown_window"),
        ]
        for (arguments, code, reason) in cases {
            let run = try Winctl.run(arguments, socket: socket, json: true)
            #expect(run.status == 1, "\(run)")
            #expect(run.stdout.split(separator: "\n").count == 1, "one JSON document: \(run)")
            let error = try run.json()
            #expect(error["code"]?.int == code, "\(run)")
            #expect(error["data"]?["reason"]?.string == reason, "\(run)")
            #expect(
                error["message"]?.string.map { run.stderr.contains($0) } == true,
                "the message is on standard error as well: \(run)"
            )
        }
        // Without --json, standard output stays empty.
        let human = try Winctl.run(["transition", "loading"], socket: socket)
        #expect(human.status == 1 && human.stdout.isEmpty && human.stderr.contains("invalid transition"), "\(human)")
    }
}

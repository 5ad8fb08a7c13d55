import TestSupport

/// One connection of ``ConcurrencyModelTests``: a writer (maybe a presenter), a subscriber or the
/// observer. It keeps its own checks — `seq` gap-free from 1, replies that fit what was asked —
/// and, once subscribed, the state it rebuilds from its snapshot and events.
final class ModelPeer {
    enum Role {
        case writer(presenter: Bool)
        /// Subscribes to `types` (all when `nil`) once `at` operations were sent in total.
        case subscriber(types: [String]?, at: Int)
        case observer
    }

    /// A request sent and not yet answered.
    struct Sent {
        let method: String
        let params: String
        /// What the reply must show: the window's group and value for an open or attach, the
        /// state for a transition, the key and value for a storage write, the phase for setPhase.
        var expected: [String: String] = [:]
    }

    let name: String
    let role: Role
    let client: RawClient
    var random: SeededGenerator
    var operationsLeft = 0
    var pending: [Int64: Sent] = [:]
    private var nextID: Int64 = 1
    private(set) var lastSeq: Int64 = 0
    private(set) var problems: [String] = []
    private(set) var problemCount = 0
    /// Replies by outcome (`ok`, or the error code and reason), for the summary.
    private(set) var outcomes: [String: Int] = [:]
    private(set) var eventCount = 0
    private(set) var closed = false

    // A writer's knowledge: window ids by "group value", and the window it presents.
    var known: [String: String] = [:]
    var presenting: String?

    // A subscriber's.
    private(set) var subscribeSent = false
    private(set) var rebuilt: RebuiltState?
    private var eventsBeforeReply: [RawJSON] = []
    private(set) var sawBarrier = false
    /// How many `daemon.restarted` (graceful, `resync: false`) it has seen: one per upgrade in place.
    private(set) var restarts = 0

    init(name: String, role: Role, client: RawClient, seed: UInt64) {
        self.name = name
        self.role = role
        self.client = client
        random = SeededGenerator(seed: seed)
    }

    var isPresenterWriter: Bool {
        if case .writer(presenter: true) = role { return true }
        return false
    }

    func problem(_ text: String) {
        problemCount += 1
        if problems.count < 12 { problems.append(text) }
    }

    // MARK: - Sending

    func send(_ method: String, _ params: String, expected: [String: String] = [:]) throws {
        let id = nextID
        nextID += 1
        pending[id] = Sent(method: method, params: params, expected: expected)
        try client.send(line: RawClient.requestLine(id: id, method: method, params: params))
    }

    func subscribe() throws {
        guard case .subscriber(let types, _) = role else { return }
        subscribeSent = true
        let params = types.map { #"{"types":["# + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]}" } ?? "{}"
        try send("events.subscribe", params)
    }

    // MARK: - Receiving

    /// Reads and handles every line that is ready now.
    func readReady() throws {
        while !closed, let line = try client.readRawLineIfReady() {
            try handle(RawJSON.parse(line))
        }
        if !closed, client.isClosedByDaemon {
            closed = true
            problem("windowd closed the connection")
        }
    }

    private func handle(_ message: RawJSON) throws {
        if message.isEvent {
            handleEvent(message)
            return
        }
        guard let id = message["id"]?.int, let sent = pending.removeValue(forKey: id) else {
            problem("a reply to nothing asked: \(message)")
            return
        }
        if let error = message.error {
            let outcome = "\(message.code ?? 0) \(message.reason ?? "")"
            outcomes[outcome, default: 0] += 1
            if !Self.isExpected(error: message, to: sent.method) {
                problem("\(sent.method) \(sent.params) → unexpected error \(error)")
            }
            return
        }
        outcomes["ok", default: 0] += 1
        guard let result = message.result else {
            problem("\(sent.method) \(sent.params) → neither result nor error: \(message)")
            return
        }
        check(result, of: sent)
    }

    private func handleEvent(_ event: RawJSON) {
        eventCount += 1
        let seq = event.seq ?? -1
        if seq != lastSeq + 1 { problem("event seq \(seq) after \(lastSeq): \(event["method"]?.text ?? "?")") }
        lastSeq = seq
        let name = event["method"]?.string ?? "?"
        if name == "daemon.reloaded" { sawBarrier = true }
        if name == "daemon.restarted" {
            restarts += 1
            if event["params"]?["resync"]?.bool != false {
                problem("an upgrade in place lost this connection's state: \(event)")
            }
        }
        let toEveryone = name == "daemon.reloaded" || name == "daemon.restarted"
        switch role {
        case .writer(let presenter):
            if name == "window.dismiss", event["params"]?["window"]?["id"]?.string == presenting { presenting = nil }
            if !presenter, !toEveryone { problem("a writer that presents nothing got \(event)") }
        case .observer:
            if !toEveryone { problem("the observer got \(event)") }
        case .subscriber:
            if rebuilt == nil {
                if subscribeSent {
                    eventsBeforeReply.append(event)
                } else if !toEveryone {
                    problem("an event before subscribing: \(event)")
                }
            } else if let trouble = rebuilt?.apply(event) {
                problem("seq \(seq): \(trouble)")
            }
        }
    }

    /// Whether an error is one that a well-formed request of this model can meet when others write concurrently.
    static func isExpected(error reply: RawJSON, to method: String) -> Bool {
        switch (reply.code, reply.reason) {
        case (-32000, "unknown_window"?), (-32000, "invalid_transition"?), (-32000, "window_busy"?),
            (-32000, "unauthenticated"?):
            return true
        case (-32602, _), (-32000, _):
            // A window without presenter stays background; detach without a window.
            return method == "scene.setPhase" || method == "window.detach"
        default:
            return false
        }
    }

    private func check(_ result: RawJSON, of sent: Sent) {
        let what = "\(sent.method) \(sent.params)"
        switch sent.method {
        case "window.open", "window.attach":
            guard let window = result["window"], let id = window["id"]?.string else {
                return problem("\(what) → no window: \(result)")
            }
            let key = "\(window["group"]?.string ?? "?") \(window["value"]?.text ?? "?")"
            known[key] = id
            if let expectedKey = sent.expected["key"], expectedKey != key {
                problem("\(what) → window \(key), not \(expectedKey)")
            }
            if sent.method == "window.attach" {
                presenting = id
                if window["attached"]?.bool != true { problem("\(what) → not attached: \(window)") }
                if let phase = sent.expected["phase"], window["phase"]?.string != phase {
                    problem("\(what) → phase \(window["phase"]?.text ?? "?"), not \(phase)")
                }
            }
        case "window.close":
            if let id = result["window"]?["id"]?.string { known = known.filter { $0.value != id } }
        case "window.detach":
            presenting = nil
        case "scene.setPhase":
            if let phase = sent.expected["phase"], result["window"]?["phase"]?.string != phase {
                problem("\(what) → \(result)")
            }
        case "app.transition":
            let state = RebuiltState.canonical(result["state"])
            if let expected = sent.expected["state"], state != expected {
                problem("\(what) → state \(state), not \(expected)")
            }
            if !RebuiltState.isValidTransition(from: result["previous"], to: result["state"]) {
                problem(
                    "\(what) → accepted \(RebuiltState.canonical(result["previous"])) → \(state), which the app state's table does not allow"
                )
            }
        case "storage.set":
            if let key = sent.expected["key"], let value = sent.expected["value"] {
                let stored = result["storage"]?[key]
                if !(stored.map { (try? RawJSON.parse(value)).map($0.sameValue) ?? false } ?? false) {
                    problem("\(what) → storage[\(key)] is \(stored?.text ?? "missing")")
                }
            }
        case "events.subscribe":
            subscribed(result)
        default:
            break
        }
    }

    private func subscribed(_ result: RawJSON) {
        guard case .subscriber(let types, _) = role, let snapshot = result["snapshot"], let seq = result["seq"]?.int
        else {
            return problem("events.subscribe → \(result)")
        }
        // An event to everyone (an upgrade's daemon.restarted, a reload's barrier) may come
        // before the reply when the request was still unread at that moment: numbered at or
        // before the reply's seq, it is not a state change the snapshot must account for.
        eventsBeforeReply.removeAll { event in
            let name = event["method"]?.string
            return (name == "daemon.restarted" || name == "daemon.reloaded") && (event.seq ?? 0) <= seq
        }
        if !eventsBeforeReply.isEmpty {
            problem(
                "\(eventsBeforeReply.count) events (seq \(eventsBeforeReply.first?.seq ?? 0)…\(eventsBeforeReply.last?.seq ?? 0)) came before the subscribe reply, whose seq is \(seq)"
            )
        }
        if seq != lastSeq - Int64(eventsBeforeReply.count) {
            problem(
                "the subscribe reply's seq is \(seq), but \(lastSeq - Int64(eventsBeforeReply.count)) events came before the subscription"
            )
        }
        var state = RebuiltState(snapshot: snapshot, types: types.map(Set.init))
        // A client applies what is numbered after the reply's seq, whenever it came.
        for event in eventsBeforeReply where (event.seq ?? 0) > seq {
            if let trouble = state.apply(event) { problem("seq \(event.seq ?? 0) (before the reply): \(trouble)") }
        }
        eventsBeforeReply = []
        rebuilt = state
    }
}

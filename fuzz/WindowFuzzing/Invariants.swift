import WindowEngine
import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The properties every request must keep, whatever its bytes (windowd(8); windowd(8), State; windowd(8), Socket and access; windowd-protocol(7)).
enum Invariants {
    static let standardCodes: Set<Int> = [-32700, -32600, -32601, -32602, -32000]

    /// Every request with an id JSON-RPC allows is answered once, echoing it exactly, and no
    /// notification is; each response is one JSON-RPC object; an error is a known code and
    /// changed nothing.
    static func outcome(_ outcome: RequestRouter.Outcome, line: [UInt8], before: Snapshot, after: Snapshot) -> [String]
    {
        var violations: [String] = []
        let expected = AnsweredIDs(line: line)
        let answered = AnsweredIDs.of(response: outcome.response)
        if answered != expected {
            violations.append(
                "answered \(answered.map { "\($0.ids.map(\.jsonText)) batch \($0.isBatch)" } ?? "with no response line"), JSON-RPC wants \(expected.ids.map(\.jsonText)) batch \(expected.isBatch)"
            )
        }
        for reply in outcome.replies {
            if let body = reply.body {
                violations += response(body)
            }
            if let error = reply.error {
                if !standardCodes.contains(error.code) {
                    violations.append("error code \(error.code) is not a JSON-RPC or application code")
                }
                if error.code == -32000 && error.reason == nil {
                    violations.append("application error without data.reason: \(error.message)")
                }
                if outcome.replies.count == 1 && before != after {
                    violations.append("a refused request (\(error.message)) changed the coordinator")
                }
                if !reply.changes.isEmpty {
                    violations.append("a refused request (\(error.message)) asked to persist \(reply.changes)")
                }
                for leak in ["Swift.", "Dictionary<", "Cannot initialize", "DecodingError", "JSONValue"]
                where error.message.contains(leak) {
                    violations.append("an error message leaks Swift internals (\(leak)): \(error.message)")
                }
            }
            violations += effects(reply.effects)
        }
        return violations
    }

    /// A line whose commit failed is answered, every request of it, with the undone-change
    /// error (-32603), and the coordinator is back to its value before the line.
    static func undone(_ outcome: RequestRouter.Outcome, line: [UInt8], before: Snapshot, after: Snapshot) -> [String] {
        var violations: [String] = []
        if before != after { violations.append("undoing a failed commit did not restore the coordinator") }
        guard let response = outcome.line(undone: "No space left on device") else { return violations }
        let expected = AnsweredIDs(line: line)
        if AnsweredIDs.of(response: response) != expected {
            violations.append("the undone line is not answered once per request")
        }
        let text = String(decoding: response, as: UTF8.self)
        if text.contains("\"result\"") {
            violations.append("a request of an undone line was answered with a result: \(text.prefix(200))")
        }
        return violations
    }

    /// Each event goes where windowd-protocol(7) sends it: `window.dismiss` only to the window's
    /// presenter, subscriber events only to subscribers of that type (or, for focus, the
    /// presenter), and nothing to a connection that neither subscribed nor presents.
    static func audiences(_ effects: [Effect], in context: FuzzContext, presentersBefore: Set<ConnectionID>) -> [String]
    {
        var violations: [String] = []
        let presenters = presentersBefore.union(context.coordinator.registry.windows.values.compactMap(\.presenter))
        for case .event(let event) in effects {
            for connection in context.audience(of: event) {
                let subscribed = connection.subscription.includes(event.name)
                switch event {
                case .windowDismiss(_, _, let presenter):
                    if connection.id != presenter {
                        violations.append("window.dismiss for \(presenter) reached \(connection.id)")
                    }
                case .windowFocus(_, let presenter, _):
                    if !subscribed && connection.id != presenter {
                        violations.append("window.focus reached \(connection.id), neither subscriber nor presenter")
                    }
                case .windowOpened, .windowClosed, .windowPhase:
                    if !subscribed {
                        violations.append(
                            "\(event.name.rawValue) reached \(connection.id), which did not subscribe to it"
                        )
                    }
                case .scenePhase, .appState:
                    if !subscribed && !presenters.contains(connection.id) {
                        violations.append(
                            "\(event.name.rawValue) reached \(connection.id), neither subscriber nor presenter"
                        )
                    }
                default:
                    break
                }
            }
        }
        return violations
    }

    /// Every event payload, as the daemon sends it, is written by its writer as JSON that reads
    /// back as what Foundation's `JSONEncoder` makes of it, and carries no value longer than
    /// ``EventPayload/longValue`` bytes.
    static func effects(_ effects: [Effect]) -> [String] {
        var violations: [String] = []
        for effect in effects {
            guard case .event(let event) = effect else { continue }
            let agrees: Bool
            switch event {
            case .windowOpened(let window), .windowClosed(let window), .windowPhase(let window),
                .windowFocus(let window, _, _):
                agrees = writerAgrees(EventPayload(window))
                violations += bounded(EventPayload(window), event.name.rawValue)
            case .windowDismiss(let window, let reason, _):
                agrees = writerAgrees(EventPayload(window, reason: reason.rawValue))
                violations += bounded(EventPayload(window, reason: reason.rawValue), event.name.rawValue)
            case .scenePhase(let change):
                agrees = writerAgrees(change)
            case .appState(let change):
                agrees = writerAgrees(change)
            default:
                agrees = true
            }
            if !agrees {
                violations.append(
                    "event \(event.name.rawValue) is written differently from JSONEncoder's reading of it"
                )
            }
        }
        return violations
    }

    /// A long value left out of an event, a short one kept, the window's id always there.
    static func bounded(_ payload: EventPayload, _ name: String) -> [String] {
        guard case .object(let members)? = try? JSONParser.parse(JSONWriter.bytes(payload)),
            case .object(let window)? = members["window"], window["id"] != nil
        else { return ["event \(name) is not a JSON object with a window and its id"] }
        guard EventPayload.leavesOut(payload.window.info.value) == (window["value"] == nil) else {
            let kept = window["value"] == nil ? "left out" : "kept"
            let size = payload.window.info.value.jsonText.utf8.count
            return ["event \(name) has the value \(kept) at \(size) bytes of JSON"]
        }
        return []
    }

    /// Whether ``JSONWriter`` and `JSONEncoder` write `value` as the same JSON value.
    static func writerAgrees(_ value: some Encodable) -> Bool {
        guard let written = try? JSONWriter.bytes(value), let foundation = try? JSONEncoder().encode(value),
            let ours = try? JSONParser.parse(written), let theirs = try? JSONParser.parse(Array(foundation))
        else { return false }
        return ours == theirs
    }

    /// One JSON object, on no more than one line: `jsonrpc`, `id`, and exactly one of `result` and `error`.
    static func response(_ bytes: [UInt8]) -> [String] {
        if bytes.contains(UInt8(ascii: "\n")) { return ["the response spans more than one line"] }
        guard case .object(let members)? = try? JSONParser.parse(bytes) else {
            return ["the response is not a JSON object: \(String(decoding: bytes.prefix(200), as: UTF8.self))"]
        }
        var violations: [String] = []
        if members["jsonrpc"] != .string("2.0") { violations.append("the response lacks \"jsonrpc\":\"2.0\"") }
        if members["id"] == nil { violations.append("the response lacks an id") }
        if (members["result"] == nil) == (members["error"] == nil) {
            violations.append("the response needs exactly one of result and error")
        }
        if case .object(let error)? = members["error"], case .int(let code)? = error["code"], code == -32603 {
            violations.append("internal error: \(error["message"]?.jsonText ?? "")")
        }
        return violations
    }

    /// The registry, the phase tally, the limits, the session and the storage agree with each other.
    /// Once the clock has been advanced to `now`, nothing is overdue: no deadline has passed,
    /// the aggregate announced is the windows' unless their fall is waiting for its settle time
    /// (it may have fallen in this very advance: a session that expired closed its windows), and
    /// no expired session is in force.
    static func dueHandled(_ coordinator: SceneCoordinator, now: Double) -> [String] {
        var violations: [String] = []
        if let due = coordinator.nextDeadline, due <= now { violations.append("deadline \(due) is overdue at \(now)") }
        if coordinator.aggregate != coordinator.registry.aggregate, coordinator.phaseSettle.deadline == nil {
            violations.append(
                "the aggregate announced is \(coordinator.aggregate), the windows' is \(coordinator.registry.aggregate), and no settle waits"
            )
        }
        if coordinator.state.isAuthenticated, let session = coordinator.session, session.isExpired(at: now) {
            violations.append("the session expired at \(session.expiresAt) but is in force at \(now)")
        }
        return violations
    }

    static func coordinator(_ coordinator: SceneCoordinator, limits: CoordinatorLimits) -> [String] {
        var violations: [String] = []
        let registry = coordinator.registry
        let windows = Array(registry.windows.values)
        if windows.count > limits.maxWindows {
            violations.append("\(windows.count) windows, over the limit of \(limits.maxWindows)")
        }
        let presented = windows.filter { $0.presenter != nil }
        if presented.count != registry.attachedCount {
            violations.append("attachedCount \(registry.attachedCount) but \(presented.count) windows have a presenter")
        }
        if Set(presented.compactMap(\.presenter)).count != presented.count {
            violations.append("one connection presents two windows")
        }
        for window in windows where window.presenter == nil && window.phase != .background {
            violations.append("window \(window.id) has no presenter but is \(window.phase)")
        }
        for window in presented where registry.window(presentedBy: window.presenter!)?.id != window.id {
            violations.append("the presenter index does not find window \(window.id)")
        }
        let aggregate = PhaseTally.aggregate(of: windows.map(\.phase))
        if aggregate != registry.aggregate {
            violations.append("aggregate \(registry.aggregate), but the windows make \(aggregate)")
        }
        for window in windows where registry.window(group: window.group, value: window.value)?.id != window.id {
            violations.append("the value index does not find window \(window.id)")
        }
        for window in windows where window.storage.byteCount > limits.maxStorageBytes {
            violations.append(
                "window \(window.id) holds \(window.storage.byteCount) bytes of storage, over \(limits.maxStorageBytes)"
            )
        }
        let needsAuth = Set(coordinator.groups.values.filter(\.requiresAuth).map(\.id))
        if !coordinator.state.isAuthenticated, let window = windows.first(where: { needsAuth.contains($0.group) }) {
            violations.append("window \(window.id) of a requires_auth group is open while \(coordinator.state)")
        }
        if case .authenticated(let user) = coordinator.state, coordinator.session?.user != user {
            violations.append("authenticated(\(user)) without a session for that user")
        }
        if !coordinator.state.isAuthenticated, coordinator.session != nil {
            violations.append("a session while \(coordinator.state)")
        }
        for window in windows {
            for (key, value) in window.storage.values where !Restorable.survives(value) {
                violations.append("storage \(key) of window \(window.id) does not survive a restart: \(value.jsonText)")
            }
            // The store and a launch's argv would cut these at U+0000 (windowd-protocol(7), "Strings").
            if window.value.text.utf8.contains(0) {
                violations.append("window \(window.id) keeps a value holding U+0000")
            }
            for key in window.storage.values.keys where key.utf8.contains(0) {
                violations.append(
                    "window \(window.id) keeps the storage key \(JSONValue.quote(key)), which holds U+0000"
                )
            }
        }
        if case .authenticated(let user) = coordinator.state, user.utf8.contains(0) {
            violations.append("signed in as a user name holding U+0000: \(JSONValue.quote(user))")
        }
        return violations
    }
}

/// The store keeps a storage value as its `jsonText` and parses it on restore.
enum Restorable {
    /// Whether `value` comes back exactly (numbers as their text) after `jsonText` and a parse.
    static func survives(_ value: JSONValue) -> Bool {
        (try? JSONParser.parse(Array(value.jsonText.utf8))) == value
    }
}

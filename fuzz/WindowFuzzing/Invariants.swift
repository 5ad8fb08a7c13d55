#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WindowCore
import WindowDispatch
import WindowProtocol

/// The properties every request must keep, whatever its bytes (SPEC sections 1, 5, 7, 8).
enum Invariants {
    static let standardCodes: Set<Int> = [-32700, -32600, -32601, -32602, -32000]

    /// The response is one JSON-RPC object; an error is a known code and changed nothing; while
    /// the store refuses writes, nothing durable changes.
    static func outcome(_ outcome: RequestRouter.Outcome, before: Snapshot, after: Snapshot, refusesWrites: Bool) -> [String] {
        var violations: [String] = []
        if let response = outcome.response {
            violations += self.response(response)
        }
        if let error = outcome.error {
            let storeRefusal = refusesWrites && error.code == -32603
            if !standardCodes.contains(error.code) && !storeRefusal { violations.append("error code \(error.code) is not a JSON-RPC or application code") }
            if error.code == -32000 && error.reason == nil { violations.append("application error without data.reason: \(error.message)") }
            if before != after { violations.append("a refused request (\(error.message)) changed the coordinator") }
            if !outcome.changes.isEmpty { violations.append("a refused request (\(error.message)) asked to persist \(outcome.changes)") }
        } else if refusesWrites && outcome.changesDurableState {
            violations.append("\(outcome.method ?? "?") was served while the store refuses writes and changed \(outcome.changes)")
        }
        return violations + effects(outcome.effects)
    }

    /// Every event payload encodes, as the daemon's `deliver` needs.
    static func effects(_ effects: [Effect]) -> [String] {
        let encoder = JSONEncoder()
        var violations: [String] = []
        for effect in effects {
            guard case .event(let event) = effect else { continue }
            let encoded: Bool
            switch event {
            case .windowOpened(let window), .windowClosed(let window), .windowPhase(let window), .windowFocus(let window, _):
                encoded = (try? encoder.encode(WindowEvent(window: window))) != nil
            case .windowDismiss(let window, let reason, _):
                encoded = (try? encoder.encode(WindowDismissEvent(window: window, reason: reason))) != nil
            case .scenePhase(let change):
                encoded = (try? encoder.encode(change)) != nil
            case .appState(let change):
                encoded = (try? encoder.encode(change)) != nil
            default:
                encoded = true
            }
            if !encoded { violations.append("event \(event.name.rawValue) does not encode") }
        }
        return violations
    }

    /// One line of JSON: an object with `jsonrpc`, `id`, and exactly one of `result` and `error`.
    static func response(_ line: [UInt8]) -> [String] {
        guard line.last == UInt8(ascii: "\n") else { return ["the response does not end its line"] }
        let bytes = Array(line.dropLast())
        if bytes.contains(UInt8(ascii: "\n")) { return ["the response spans more than one line"] }
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            return ["the response is not a JSON object: \(String(decoding: bytes.prefix(200), as: UTF8.self))"]
        }
        var violations: [String] = []
        if members["jsonrpc"] != .string("2.0") { violations.append("the response lacks \"jsonrpc\":\"2.0\"") }
        if members["id"] == nil { violations.append("the response lacks an id") }
        if (members["result"] == nil) == (members["error"] == nil) { violations.append("the response needs exactly one of result and error") }
        if case .object(let error)? = members["error"], case .int(let code)? = error["code"], code == -32603 {
            violations.append("internal error: \(error["message"]?.jsonText ?? "")")
        }
        return violations
    }

    /// The registry, the phase tally, the limits, the session and the storage agree with each other.
    static func coordinator(_ coordinator: SceneCoordinator, limits: CoordinatorLimits) -> [String] {
        var violations: [String] = []
        let registry = coordinator.registry
        let windows = Array(registry.windows.values)
        if windows.count > limits.maxWindows { violations.append("\(windows.count) windows, over the limit of \(limits.maxWindows)") }
        let presented = windows.filter { $0.presenter != nil }
        if presented.count != registry.attachedCount { violations.append("attachedCount \(registry.attachedCount) but \(presented.count) windows have a presenter") }
        if Set(presented.compactMap(\.presenter)).count != presented.count { violations.append("one connection presents two windows") }
        for window in windows where window.presenter == nil && window.phase != .background {
            violations.append("window \(window.id) has no presenter but is \(window.phase)")
        }
        for window in presented where registry.window(presentedBy: window.presenter!)?.id != window.id {
            violations.append("the presenter index does not find window \(window.id)")
        }
        let aggregate = PhaseTally.aggregate(of: windows.map(\.phase))
        if aggregate != registry.aggregate { violations.append("aggregate \(registry.aggregate), but the windows make \(aggregate)") }
        for window in windows where registry.window(group: window.group, value: window.value)?.id != window.id {
            violations.append("the value index does not find window \(window.id)")
        }
        for window in windows where window.storage.byteCount > limits.maxStorageBytes {
            violations.append("window \(window.id) holds \(window.storage.byteCount) bytes of storage, over \(limits.maxStorageBytes)")
        }
        let needsAuth = Set(coordinator.groups.values.filter(\.requiresAuth).map(\.id))
        if !coordinator.state.isAuthenticated, let window = windows.first(where: { needsAuth.contains($0.group) }) {
            violations.append("window \(window.id) of a requires_auth group is open while \(coordinator.state)")
        }
        if case .authenticated(let user) = coordinator.state, coordinator.session?.user != user {
            violations.append("authenticated(\(user)) without a session for that user")
        }
        if !coordinator.state.isAuthenticated, coordinator.session != nil { violations.append("a session while \(coordinator.state)") }
        for window in windows {
            for (key, value) in window.storage.values where !Restorable.survives(value) {
                violations.append("storage \(key) of window \(window.id) does not survive a restart: \(value.jsonText)")
            }
        }
        return violations
    }
}

/// The store keeps a storage value as its `jsonText` and decodes it on restore.
enum Restorable {
    /// Whether `value` comes back the same (numbers compared by value) after `jsonText` and decoding.
    static func survives(_ value: JSONValue) -> Bool {
        guard let back = try? JSONDecoder().decode(JSONValue.self, from: Data(value.jsonText.utf8)) else { return false }
        return same(value, back)
    }

    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)):
            return Double(x) == y
        case (.double(let x), .double(let y)):
            return x == y
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default:
            return a == b
        }
    }
}

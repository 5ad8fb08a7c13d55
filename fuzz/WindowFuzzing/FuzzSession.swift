package import WindowEngine
import WindowProtocol

/// Runs one fuzz input against a fresh in-memory daemon core and reports every broken invariant.
///
/// The input is a byte stream, framed into lines like a connection's. Line `n` comes from
/// connection `n % 3 + 1`, and each line advances the clock by one second, so sessions
/// (TTL 30 s) expire within an input. A line `$disconnect` closes the line's connection;
/// after `$storefail` every line's commit fails until `$storeok`: what a line changed is then
/// undone, as the daemon rolls the coordinator back to its value before the line. Window ids
/// come from a seeded source (the same on every run, but not known to an input), so `"$3"` in a
/// line stands for the fourth window's id.
package struct FuzzSession {
    /// The groups of the end-to-end config, plus one with a launch command and no restore.
    package static let groups = [
        WindowGroup(id: "main", valueType: .none),
        WindowGroup(id: "detail", valueType: .int),
        WindowGroup(id: "notes", valueType: .string),
        WindowGroup(id: "orders", valueType: .uuid, requiresAuth: true),
        WindowGroup(id: "tool", valueType: .string, launch: ["echo", "{id}", "{value}"], restore: false),
    ]
    /// Small limits, so that the fuzzer reaches them.
    package static let limits = CoordinatorLimits(maxWindows: 8, maxStorageBytes: 512, sessionTTL: 30)
    /// `max_message_bytes`, small for the same reason.
    package static let maxLineBytes = 4_096

    /// The daemon's state, after the input.
    package let context: FuzzContext
    /// The daemon's own router: the same table, params decoding and replies.
    package let router = RequestRouter()

    package init() {
        context = FuzzContext(
            coordinator: SceneCoordinator(groups: Self.groups, limits: Self.limits),
            now: 1_700_000_000
        )
        context.finishLoading()
    }

    /// Feeds `input`; returns the invariants it broke, each with the line that broke it.
    package func run(_ input: [UInt8]) -> [String] {
        var violations: [String] = []
        var splitter = LineSplitter(maximum: Self.maxLineBytes)
        for (index, frame) in splitter.feed(input).enumerated() {
            // An oversize line is answered and skipped, as the daemon does; the next is read.
            guard case .line(let line) = frame else { continue }
            let connection = ConnectionID(UInt64(index % 3 + 1))
            context.now += 1
            violations += Invariants.effects(context.advanceClock())
            violations += Invariants.dueHandled(context.coordinator, now: context.now)
            let before = Snapshot(context.coordinator)
            switch line {
            case Array("$disconnect".utf8):
                violations += Invariants.effects(context.disconnect(connection))
            case Array("$storefail".utf8):
                context.commitsFail = true
            case Array("$storeok".utf8):
                context.commitsFail = false
            default:
                let rollbackPoint = context.coordinator
                let resolved = resolvingPlaceholders(line)
                let presenters = Set(context.coordinator.registry.windows.values.compactMap(\.presenter))
                let outcome = resolved.withUnsafeBytes {
                    router.handle(line: $0, from: connection, context: context) { reply in
                        violations += Invariants.audiences(reply.effects, in: context, presentersBefore: presenters)
                    }
                }
                violations += Invariants.outcome(
                    outcome,
                    line: resolved,
                    before: before,
                    after: Snapshot(context.coordinator)
                )
                if context.commitsFail, outcome.replies.contains(where: { $0.changes.contains { !$0.isBookkeeping } }) {
                    context.rollBack(to: rollbackPoint)
                    violations += Invariants.undone(
                        outcome,
                        line: resolved,
                        before: before,
                        after: Snapshot(context.coordinator)
                    )
                }
            }
            violations += Invariants.coordinator(context.coordinator, limits: Self.limits)
            if !violations.isEmpty {
                return violations.map { "line \(index) (\(String(decoding: line.prefix(200), as: UTF8.self))): \($0)" }
            }
        }
        return violations
    }
}

extension FuzzSession {
    /// `"$N"` → the id of the N-th window (oldest first), as JSON text.
    func resolvingPlaceholders(_ line: [UInt8]) -> [UInt8] {
        guard line.contains(UInt8(ascii: "$")) else { return line }
        let windows = context.coordinator.registry.list()
        var text = String(decoding: line, as: UTF8.self)
        for (index, window) in windows.enumerated().reversed() {
            text = text.replacing("\"$\(index)\"", with: "\"\(window.id)\"")
        }
        return Array(text.utf8)
    }
}

/// What a refused request must leave unchanged.
struct Snapshot: Equatable {
    var state: AppState
    var windows: [WindowID: Window]
    var session: Session?

    init(_ coordinator: SceneCoordinator) {
        state = coordinator.state
        windows = coordinator.registry.windows
        session = coordinator.session
    }
}

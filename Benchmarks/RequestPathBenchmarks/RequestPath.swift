import WindowEngine
import WindowProtocol

/// windowd's pure request path, one request line in, its response line out, against an
/// in-memory daemon: the only file of the benchmarks that calls windowd's Swift API.
///
/// Everything else speaks the wire protocol (request lines and reply bytes), so that when the
/// router's API or its reply encoding changes, only this file is re-pointed.
final class RequestPath {
    /// The groups of windowbench's config: `main` (no value), `detail` (int), `notes` (string).
    private static let groups = [
        WindowGroup(id: "main", valueType: .none),
        WindowGroup(id: "detail", valueType: .int),
        WindowGroup(id: "notes", valueType: .string),
    ]

    private let router = RequestRouter()
    private let context: InMemoryContext
    private let connection = ConnectionID(1)
    /// The output buffer, reused like a connection's: what the daemon does per line.
    private var output: [UInt8] = []

    /// A daemon core with no windows, past loading, that holds at most `windowLimit` windows.
    init(windowLimit: Int = 1_000_000) {
        context = InMemoryContext(
            coordinator: SceneCoordinator(groups: Self.groups, limits: CoordinatorLimits(maxWindows: windowLimit))
        )
        var effects: [Effect] = []
        let now = context.now
        context.change { coordinator, _ in coordinator.finishLoading(storedSession: nil, now: now, effects: &effects) }
    }

    /// The response line (newline included) to `line` (without its newline), all from one
    /// connection; empty when nothing is answered (a notification).
    func respond(to line: [UInt8]) -> [UInt8] {
        let outcome = line.withUnsafeBytes { router.handle(line: $0, from: connection, context: context) }
        return outcome.line(undone: nil) ?? []
    }

    /// Handles `line` as the daemon does — the response written into a buffer kept from line to
    /// line — and returns the response's length.
    func serve(_ line: [UInt8]) -> Int {
        output.removeAll(keepingCapacity: true)
        let outcome = line.withUnsafeBytes { router.handle(line: $0, from: connection, context: context) }
        outcome.write(undone: nil, into: &output)
        return output.count
    }
}

/// What a request may read and change besides its params, in memory: the daemon has its event
/// loop, connections and store here; the benchmarks need none of them.
private final class InMemoryContext: DispatchContext {
    private var coordinator: SceneCoordinator
    private var windowIDs = WindowIDSource()
    let now: Double = 1_700_000_000
    var uptime: Double { 1 }
    var clientCount: Int { 1 }

    init(coordinator: SceneCoordinator) {
        self.coordinator = coordinator
    }

    func change<Result, Failure: Error>(
        _ body: (inout SceneCoordinator, inout WindowIDSource) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&coordinator, &windowIDs)
    }

    func read<Result, Failure: Error>(_ body: (SceneCoordinator) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(coordinator)
    }

    func subscribe(_ connection: ConnectionID, to types: Set<EventName>?) -> UInt64 { 0 }

    func reloadConfig(requestedBy connection: ConnectionID) throws(RPCError) -> [String] {
        coordinator.groups.keys.sorted()
    }
}

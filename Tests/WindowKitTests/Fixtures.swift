@testable import WindowKit

/// Windows and snapshots for tests.
enum Fixtures {
    static func window(
        _ id: String,
        group: String = "detail",
        value: JSONValue = .int(1),
        phase: ScenePhase = .background,
        attached: Bool = false,
        createdAt: String = "2025-01-01T00:00:00Z"
    ) -> WindowInfo {
        WindowInfo(id: id, group: group, value: value, phase: phase, attached: attached, createdAt: createdAt)
    }

    /// Yields until `condition` holds (at most `tries` times): for state another task sets up.
    static func yield(until condition: () -> Bool, tries: Int = 10_000) async -> Bool {
        for _ in 0..<tries {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }
}

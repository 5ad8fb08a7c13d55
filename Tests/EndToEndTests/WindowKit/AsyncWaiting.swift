import TestSupport

/// Waiting in async tests without holding a thread: the SDK's answers come from NIO's event
/// loop and resume tasks on the cooperative pool, which a blocking wait would starve.
enum AsyncWaiting {
    /// The first element of `sequence` that satisfies `matching`, within `timeout`.
    static func first<Element: Sendable>(
        _ what: String,
        in sequence: AsyncStream<Element>,
        timeout: Duration = .seconds(30),
        where matching: @escaping @Sendable (Element) -> Bool = { _ in true }
    ) async throws -> Element {
        try await withThrowingTaskGroup(of: Element?.self) { group in
            group.addTask {
                for await element in sequence where matching(element) { return element }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let found = try await group.next() ?? nil else {
                throw TestFailure("no \(what) within \(timeout)")
            }
            return found
        }
    }

    /// Checks `condition` every 10 ms until it holds; throws naming `what` after `timeout`.
    static func until(
        _ what: String,
        timeout: Duration = .seconds(30),
        _ condition: () async throws -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if try await condition() { return }
            if clock.now >= deadline { throw TestFailure("timed out after \(timeout) waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Collects what an async sequence yields, in the background of a test, for checking later.
final class Recorder<Element: Sendable>: Sendable {
    private let task: Task<[Element], Never>

    /// Starts collecting `sequence`.
    init(_ sequence: AsyncStream<Element>) {
        task = Task {
            var seen: [Element] = []
            for await element in sequence { seen.append(element) }
            return seen
        }
    }

    /// Stops collecting and returns what came.
    func stop() async -> [Element] {
        task.cancel()
        return await task.value
    }
}

import Foundation
import TestSupport
import Testing
import WindowClient
import WindowProtocol

@testable import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// The tmux watch of ``VisibilityWatcher`` (winctl(1), "run"): a hook of the tmux server wakes
/// the watcher of a pane it may have shown or hidden, and leaves the others waiting in the tmux
/// client they have.
@Suite(
    "tmux hooks wake only the watcher of the pane they touch",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "needs tmux")
)
struct TmuxHookWakeTests {
    @Test(
        "of two watched panes in two windows, zooming another pane beside the second wakes its watcher alone; a change that touches neither wakes none"
    )
    func onlyThePaneTouched() async throws {
        let tmux = try TmuxSession(["sleep", "600"])
        try tmux.run(["new-window", "-d", "sleep", "600"])
        try tmux.run(["split-window", "-d", "-t", ":1", "sleep", "600"])
        let socket = try tmux.run(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .newlines)
        let panes = try tmux.run(["list-panes", "-a", "-F", "#{pane_id}"]).split(separator: "\n").map(String.init)
        #expect(panes.count == 3)
        let (first, second, beside) = (panes[0], panes[1], panes[2])
        let watchers = [first, second].map { pane in
            Task { await VisibilityWatcher.watch(Place(kind: .tmux, socket: socket, pane: pane)) { _ in } }
        }
        defer { watchers.forEach { $0.cancel() } }
        let channels = [first, second].map { TmuxVisibility.channel(pid: getpid(), pane: $0) }
        var waiting: [Int32] = []
        try waitUntil("both watchers to wait in a tmux client") {
            waiting = channels.compactMap(Self.waiter)
            return waiting.count == 2
        }

        // Zoomed, the pane beside the second hides it: that watcher asks again, the first waits on.
        try tmux.run(["resize-pane", "-Z", "-t", beside])
        try waitUntil("the second watcher to wait in a new tmux client") {
            Self.waiter(channels[1]).map { $0 != waiting[1] } ?? false
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(Self.waiter(channels[0]) == waiting[0], "the first watcher was not woken")

        // No client shows either window: another current window changes neither pane's trigger.
        waiting = channels.compactMap(Self.waiter)
        try tmux.run(["select-window", "-t", ":1"])
        try tmux.run(["select-window", "-t", ":0"])
        try await Task.sleep(for: .milliseconds(300))
        #expect(channels.compactMap(Self.waiter) == waiting, "neither watcher was woken")
    }

    /// The tmux client waiting on `channel`, found by its command line.
    static func waiter(_ channel: String) -> Int32? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.compactMap(Int32.init).first { pid in
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.suffix(2) == ["wait-for", channel]
        }
    }
}

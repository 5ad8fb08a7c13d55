/// When the steps of one restart happened, counted from its start, for the progress lines.
final class RestartTimeline {
    private var start = MonotonicClock.now()
    private var marks: [(step: String, at: UInt64)] = []

    /// The restart starts now.
    func begin() {
        start = MonotonicClock.now()
        marks = []
    }

    /// Notes `step` the first time it is seen.
    func mark(_ step: String) {
        guard !marks.contains(where: { $0.step == step }) else { return }
        marks.append((step, MonotonicClock.now() - start))
    }

    /// "old exited, new started +12.1 ms, READY=1 +40.2 ms".
    var text: String {
        marks.map { "\($0.step) +\(NumberText.duration($0.at))" }.joined(separator: ", ")
    }
}

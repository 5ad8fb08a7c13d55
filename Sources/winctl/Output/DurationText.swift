/// A span of seconds as people read it: `42s`, `3m 07s`, `2h 05m 09s`, `3d 04h 10m`.
enum DurationText {
    /// `seconds`, rounded down to whole seconds.
    static func seconds(_ seconds: Double) -> String {
        let total = seconds.isFinite && seconds > 0 ? Int(seconds) : 0
        let (days, hours, minutes, secs) = (total / 86_400, total / 3_600 % 24, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        if days > 0 { return "\(days)d \(two(hours))h \(two(minutes))m" }
        if hours > 0 { return "\(hours)h \(two(minutes))m \(two(secs))s" }
        if minutes > 0 { return "\(minutes)m \(two(secs))s" }
        return "\(secs)s"
    }
}

/// A time of day of a TOML time or date-time.
///
/// TOML asks for at least millisecond precision; this keeps nanoseconds and drops finer digits.
package struct TOMLTime: Sendable, Hashable {
    /// 0 to 23.
    package let hour: Int
    /// 0 to 59.
    package let minute: Int
    /// 0 to 60 (60 for a leap second, as RFC 3339 allows).
    package let second: Int
    /// 0 to 999,999,999.
    package let nanosecond: Int

    /// The time, or `nil` if a field is out of range.
    package init?(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0...999_999_999).contains(nanosecond)
        else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }
}

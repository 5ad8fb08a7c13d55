/// A calendar date of a TOML date or date-time, always a real one (no February 30).
package struct TOMLDate: Sendable, Hashable {
    /// 0 to 9999.
    package let year: Int
    /// 1 to 12.
    package let month: Int
    /// 1 to the length of the month.
    package let day: Int

    /// The date, or `nil` if there is no such day.
    package init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month),
            (1...Self.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// How many days `month` of `year` has (the Gregorian calendar, as RFC 3339 says).
    package static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

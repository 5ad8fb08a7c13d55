import Testing
import WindowServer

/// Offset and local date-times, local dates and times, each field checked.
@Suite("TOML dates and times")
struct TOMLDateTimeTests {
    typealias T = TOMLTestSupport

    @Test(
        "valid dates and times",
        arguments: [
            ValidCase(
                "offset date-time, Z",
                "a = 1979-05-27T07:32:00Z",
                "a",
                .offsetDateTime(T.date(1979, 5, 27), T.time(7, 32, 0), offsetMinutes: 0)
            ),
            ValidCase(
                "lowercase t and z",
                "a = 1979-05-27t07:32:00z",
                "a",
                .offsetDateTime(T.date(1979, 5, 27), T.time(7, 32, 0), offsetMinutes: 0)
            ),
            ValidCase(
                "negative offset",
                "a = 1979-05-27T00:32:00-07:00",
                "a",
                .offsetDateTime(T.date(1979, 5, 27), T.time(0, 32, 0), offsetMinutes: -420)
            ),
            ValidCase(
                "fraction and offset",
                "a = 1979-05-27T00:32:00.999999+05:30",
                "a",
                .offsetDateTime(T.date(1979, 5, 27), T.time(0, 32, 0, 999_999_000), offsetMinutes: 330)
            ),
            ValidCase(
                "space instead of T",
                "a = 1979-05-27 07:32:00Z",
                "a",
                .offsetDateTime(T.date(1979, 5, 27), T.time(7, 32, 0), offsetMinutes: 0)
            ),
            ValidCase(
                "space, then a comment",
                "a = 1979-05-27 07:32:00 # c",
                "a",
                .localDateTime(T.date(1979, 5, 27), T.time(7, 32, 0))
            ),
            ValidCase(
                "local date-time",
                "a = 1979-05-27T07:32:00",
                "a",
                .localDateTime(T.date(1979, 5, 27), T.time(7, 32, 0))
            ),
            ValidCase(
                "nanoseconds, finer digits dropped",
                "a = 1979-05-27T07:32:00.1234567891",
                "a",
                .localDateTime(T.date(1979, 5, 27), T.time(7, 32, 0, 123_456_789))
            ),
            ValidCase("local date", "a = 1979-05-27", "a", .localDate(T.date(1979, 5, 27))),
            ValidCase("local date in an array", "a = [1979-05-27 , 1]", "a.0", .localDate(T.date(1979, 5, 27))),
            ValidCase("local time", "a = 07:32:00", "a", .localTime(T.time(7, 32, 0))),
            ValidCase("local time with a fraction", "a = 00:32:00.5", "a", .localTime(T.time(0, 32, 0, 500_000_000))),
            ValidCase("leap day", "a = 2000-02-29", "a", .localDate(T.date(2000, 2, 29))),
            ValidCase("leap year by 4", "a = 2024-02-29", "a", .localDate(T.date(2024, 2, 29))),
            ValidCase(
                "leap second",
                "a = 1990-12-31T23:59:60Z",
                "a",
                .offsetDateTime(T.date(1990, 12, 31), T.time(23, 59, 60), offsetMinutes: 0)
            ),
        ]
    )
    func valid(_ example: ValidCase) {
        example.check()
    }

    @Test(
        "invalid dates and times",
        arguments: [
            InvalidCase("month 13", "a = 1979-13-01", at: 1, 5, says: "month 13 is not 1 to 12"),
            InvalidCase("month 0", "a = 1979-00-01", at: 1, 5, says: "month 0 is not 1 to 12"),
            InvalidCase("day 32", "a = 1979-01-32", at: 1, 5, says: "has days 1 to 31, not 32"),
            InvalidCase("day 0", "a = 1979-01-00", at: 1, 5, says: "not 0"),
            InvalidCase("April 31", "a = 1979-04-31", at: 1, 5, says: "has days 1 to 30"),
            InvalidCase("29 February, not a leap year", "a = 2001-02-29", at: 1, 5, says: "has days 1 to 28"),
            InvalidCase("29 February 1900", "a = 1900-02-29", at: 1, 5, says: "has days 1 to 28"),
            InvalidCase("hour 24", "a = 1979-01-01T24:00:00", at: 1, 5, says: "hour 24 is not 0 to 23"),
            InvalidCase("minute 60", "a = 12:60:00", at: 1, 5, says: "minute 60 is not 0 to 59"),
            InvalidCase("second 61", "a = 12:00:61", at: 1, 5, says: "second 61 is not 0 to 60"),
            InvalidCase("no seconds", "a = 07:32", at: 1, 5, says: "has seconds in TOML 1.0"),
            InvalidCase("no seconds in a date-time", "a = 1979-05-27T07:32Z", at: 1, 5, says: "has seconds"),
            InvalidCase("one-digit month", "a = 1979-5-27", at: 1, 5, says: "YYYY-MM-DD"),
            InvalidCase("one-digit hour", "a = 7:32:00", at: 1, 5, says: "':' cannot stand there"),
            InvalidCase(
                "point without digits",
                "a = 07:32:00.",
                at: 1,
                5,
                says: "a decimal point must be followed by digits"
            ),
            InvalidCase("T without a time", "a = 1979-05-27T", at: 1, 5, says: "HH:MM:SS"),
            InvalidCase("offset hours 24", "a = 1979-05-27T00:00:00+24:00", at: 1, 5, says: "offset's hours"),
            InvalidCase(
                "offset without minutes",
                "a = 1979-05-27T00:00:00+07",
                at: 1,
                5,
                says: "an offset is Z, or +HH:MM or -HH:MM"
            ),
            InvalidCase("time with an offset", "a = 07:32:00Z", at: 1, 5, says: "only a date-time has an offset"),
            InvalidCase(
                "two spaces before the time",
                "a = 1979-05-27  07:32:00",
                at: 1,
                17,
                says: "expected the end of the line"
            ),
            InvalidCase(
                "something after the offset",
                "a = 1979-05-27T00:00:00Zx",
                at: 1,
                5,
                says: "nothing may follow the offset"
            ),
            InvalidCase("signed date", "a = +1979-05-27", at: 1, 5, says: "not a valid number"),
        ]
    )
    func invalid(_ example: InvalidCase) {
        example.check()
    }
}

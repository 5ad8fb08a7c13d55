/// Offset and local date-times, local dates and local times (RFC 3339, as TOML 1.0 takes them).
extension TOMLParser {
    /// `1979-05-27T07:32:00.999-07:00`, `1979-05-27 07:32:00`, `1979-05-27`, `07:32:00`.
    func dateTime(_ token: ArraySlice<UInt8>, at position: TOMLPosition) throws(TOMLError) -> TOMLValue {
        let shown = Self.shown(token)
        func invalid(_ why: String) -> TOMLError {
            error("\(shown) is not a valid date or time: \(why)", at: position)
        }
        var reader = FixedWidthReader(token)
        if Self.looksLikeTime(token) {
            let time = try Self.time(&reader, invalid: invalid)
            guard reader.isAtEnd else {
                throw invalid("a time of day ends after its seconds; only a date-time has an offset")
            }
            return .localTime(time)
        }
        guard let year = reader.number(digits: 4), reader.take("-"), let month = reader.number(digits: 2),
            reader.take("-"),
            let day = reader.number(digits: 2)
        else {
            throw invalid("write a date as YYYY-MM-DD")
        }
        guard (1...12).contains(month) else { throw invalid("month \(month) is not 1 to 12") }
        guard let date = TOMLDate(year: year, month: month, day: day) else {
            throw invalid(
                "month \(month) of \(year) has days 1 to \(TOMLDate.days(inMonth: month, year: year)), not \(day)"
            )
        }
        if reader.isAtEnd { return .localDate(date) }
        guard reader.take("T") || reader.take("t") || reader.take(" ") else {
            throw invalid("a date is followed by T and a time, or ends")
        }
        let time = try Self.time(&reader, invalid: invalid)
        if reader.isAtEnd { return .localDateTime(date, time) }
        let offset: Int
        if reader.take("Z") || reader.take("z") {
            offset = 0
        } else {
            let sign = reader.take("+") ? 1 : reader.take("-") ? -1 : 0
            guard sign != 0, let hours = reader.number(digits: 2), reader.take(":"),
                let minutes = reader.number(digits: 2)
            else {
                throw invalid("an offset is Z, or +HH:MM or -HH:MM")
            }
            guard (0...23).contains(hours), (0...59).contains(minutes) else {
                throw invalid("the offset's hours must be 0 to 23 and its minutes 0 to 59")
            }
            offset = sign * (hours * 60 + minutes)
        }
        guard reader.isAtEnd else { throw invalid("nothing may follow the offset") }
        return .offsetDateTime(date, time, offsetMinutes: offset)
    }

    /// `HH:MM:SS` and maybe `.fraction`.
    private static func time(
        _ reader: inout FixedWidthReader,
        invalid: (String) -> TOMLError
    ) throws(TOMLError) -> TOMLTime {
        guard let hour = reader.number(digits: 2), reader.take(":"), let minute = reader.number(digits: 2) else {
            throw invalid("write a time as HH:MM:SS")
        }
        guard reader.take(":"), let second = reader.number(digits: 2) else {
            throw invalid("a time has seconds in TOML 1.0 (HH:MM:SS)")
        }
        var nanosecond = 0
        if reader.take(".") {
            var digits = 0
            while let digit = reader.digit() {
                if digits < 9 { nanosecond = nanosecond * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { throw invalid("a decimal point must be followed by digits") }
            for _ in min(digits, 9)..<9 { nanosecond *= 10 }
        }
        guard (0...23).contains(hour) else { throw invalid("hour \(hour) is not 0 to 23") }
        guard (0...59).contains(minute) else { throw invalid("minute \(minute) is not 0 to 59") }
        guard let time = TOMLTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond) else {
            throw invalid("second \(second) is not 0 to 60")
        }
        return time
    }
}

/// Reads the fixed-width fields of a date or time.
struct FixedWidthReader {
    private let bytes: ArraySlice<UInt8>
    private var at: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        at = bytes.startIndex
    }

    var isAtEnd: Bool { at == bytes.endIndex }

    /// Exactly `digits` decimal digits, as a number.
    mutating func number(digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// One decimal digit.
    mutating func digit() -> Int? {
        guard at < bytes.endIndex, TOMLParser.isDigit(bytes[at]) else { return nil }
        defer { at += 1 }
        return Int(bytes[at] - UInt8(ascii: "0"))
    }

    /// `character`, if it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard at < bytes.endIndex, bytes[at] == UInt8(ascii: character) else { return false }
        at += 1
        return true
    }
}

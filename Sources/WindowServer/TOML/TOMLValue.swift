/// One TOML value.
///
/// Equality compares what the values are, never where they were written; a float `nan` is
/// unequal to itself, as in Swift.
package enum TOMLValue: Sendable, Equatable {
    /// A string, escapes resolved.
    case string(String)
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit float, `inf` and `nan` included.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// A date and time at an offset from UTC (`1979-05-27T07:32:00-07:00`), the offset in minutes.
    case offsetDateTime(TOMLDate, TOMLTime, offsetMinutes: Int)
    /// A date and time without an offset (`1979-05-27T07:32:00`).
    case localDateTime(TOMLDate, TOMLTime)
    /// A date (`1979-05-27`).
    case localDate(TOMLDate)
    /// A time of day (`07:32:00`).
    case localTime(TOMLTime)
    /// An array; its elements may be of different types.
    case array(TOMLArray)
    /// A table: a header's, a dotted key's or an inline one.
    case table(TOMLTable)

    /// The string, if this is one.
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is one.
    package var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The float, if this is one.
    package var float: Double? {
        if case .float(let value) = self { return value }
        return nil
    }

    /// The boolean, if this is one.
    package var boolean: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The array, if this is one.
    package var array: TOMLArray? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The table, if this is one.
    package var table: TOMLTable? {
        if case .table(let value) = self { return value }
        return nil
    }
}

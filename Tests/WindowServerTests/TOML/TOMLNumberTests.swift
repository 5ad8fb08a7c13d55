import Testing
import WindowServer

/// Integers (decimal, hexadecimal, octal, binary; signs, underscores, range), floats and booleans.
@Suite("TOML numbers and booleans")
struct TOMLNumberTests {
    @Test(
        "valid integers",
        arguments: [
            ValidCase("decimal", "a = 42", "a", .integer(42)),
            ValidCase("plus sign", "a = +99", "a", .integer(99)),
            ValidCase("minus sign", "a = -17", "a", .integer(-17)),
            ValidCase("zero", "a = 0", "a", .integer(0)),
            ValidCase("signed zeros", "a = [+0, -0]", "a", .array(TOMLArray([.integer(0), .integer(0)]))),
            ValidCase("underscores", "a = 1_000_000", "a", .integer(1_000_000)),
            ValidCase("underscore between each digit", "a = 5_3_4", "a", .integer(534)),
            ValidCase("largest", "a = 9223372036854775807", "a", .integer(.max)),
            ValidCase("smallest", "a = -9223372036854775808", "a", .integer(.min)),
            ValidCase("hexadecimal, both cases", "a = 0xDEADbeef", "a", .integer(0xDEAD_BEEF)),
            ValidCase("hexadecimal with underscores", "a = 0xdead_beef", "a", .integer(0xDEAD_BEEF)),
            ValidCase("hexadecimal leading zeros", "a = 0x00ff", "a", .integer(255)),
            ValidCase("largest hexadecimal", "a = 0x7FFFFFFFFFFFFFFF", "a", .integer(.max)),
            ValidCase("octal", "a = 0o755", "a", .integer(0o755)),
            ValidCase("binary", "a = 0b1101_0110", "a", .integer(0b1101_0110)),
        ]
    )
    func validIntegers(_ example: ValidCase) {
        example.check()
    }

    @Test(
        "valid floats and booleans",
        arguments: [
            ValidCase("fraction", "a = 3.1415", "a", .float(3.1415)),
            ValidCase("negative fraction", "a = -0.01", "a", .float(-0.01)),
            ValidCase("exponent", "a = 5e+22", "a", .float(5e22)),
            ValidCase("capital exponent", "a = 1E06", "a", .float(1e6)),
            ValidCase("negative exponent", "a = -2E-2", "a", .float(-0.02)),
            ValidCase("fraction and exponent", "a = 6.626e-34", "a", .float(6.626e-34)),
            ValidCase("underscores", "a = 224_617.445_991_228", "a", .float(224_617.445_991_228)),
            ValidCase("zero exponent", "a = 0e0", "a", .float(0)),
            ValidCase("leading zeros in an exponent", "a = 1e007", "a", .float(1e7)),
            ValidCase("plus zero", "a = +0.0", "a", .float(0)),
            ValidCase("inf", "a = inf", "a", .float(.infinity)),
            ValidCase("+inf", "a = +inf", "a", .float(.infinity)),
            ValidCase("-inf", "a = -inf", "a", .float(-.infinity)),
            ValidCase("smallest subnormal", "a = 5e-324", "a", .float(.leastNonzeroMagnitude)),
            ValidCase("true", "a = true", "a", .boolean(true)),
            ValidCase("false", "a = false", "a", .boolean(false)),
        ]
    )
    func validFloats(_ example: ValidCase) {
        example.check()
    }

    @Test("nan, with any sign, and -0.0 keeps its sign")
    func nanAndNegativeZero() throws {
        let document = try TOMLParser.parse("a = nan\nb = +nan\nc = -nan\nd = -0.0")
        for key in ["a", "b", "c"] { #expect(document[key]?.float?.isNaN == true) }
        #expect(document["d"]?.float?.sign == .minus)
    }

    @Test(
        "invalid numbers",
        arguments: [
            InvalidCase("leading zero", "a = 01", at: 1, 5, says: "leading zeros are not allowed"),
            InvalidCase("two zeros", "a = 00", at: 1, 5, says: "leading zeros"),
            InvalidCase("signed leading zero", "a = -01", at: 1, 5, says: "leading zeros"),
            InvalidCase("leading zero in a float", "a = 01.5", at: 1, 5, says: "leading zeros"),
            InvalidCase(
                "double underscore",
                "a = 1__000",
                at: 1,
                5,
                says: "an underscore must stand between two digits"
            ),
            InvalidCase("leading underscore", "a = _1", at: 1, 5, says: "expected a value, found '_'"),
            InvalidCase(
                "underscore after a sign",
                "a = +_1",
                at: 1,
                5,
                says: "an underscore must stand between two digits"
            ),
            InvalidCase("trailing underscore", "a = 1_", at: 1, 5, says: "an underscore must stand between two digits"),
            InvalidCase("underscore before the point", "a = 1_.5", at: 1, 5, says: "underscore"),
            InvalidCase("underscore after the point", "a = 1._5", at: 1, 5, says: "underscore"),
            InvalidCase("underscore before the exponent", "a = 1_e5", at: 1, 5, says: "underscore"),
            InvalidCase("underscore in the exponent sign", "a = 1e_5", at: 1, 5, says: "underscore"),
            InvalidCase("too large", "a = 9223372036854775808", at: 1, 5, says: "beyond the range of a 64-bit integer"),
            InvalidCase(
                "too small",
                "a = -9223372036854775809",
                at: 1,
                5,
                says: "beyond the range of a 64-bit integer"
            ),
            InvalidCase("far too large", "a = 99999999999999999999999999", at: 1, 5, says: "beyond the range"),
            InvalidCase(
                "hexadecimal too large",
                "a = 0x8000000000000000",
                at: 1,
                5,
                says: "larger than the largest 64-bit integer"
            ),
            InvalidCase("capital X", "a = 0XFF", at: 1, 5, says: "'X' cannot stand there"),
            InvalidCase("signed hexadecimal", "a = -0xFF", at: 1, 5, says: "a hexadecimal integer cannot have a sign"),
            InvalidCase("signed octal", "a = +0o7", at: 1, 5, says: "octal integer cannot have a sign"),
            InvalidCase("underscore after 0x", "a = 0x_FF", at: 1, 5, says: "underscore"),
            InvalidCase("no hexadecimal digit", "a = 0x", at: 1, 5, says: "a digit is missing"),
            InvalidCase("octal 8", "a = 0o8", at: 1, 5, says: "expected a digit, found '8'"),
            InvalidCase("binary 2", "a = 0b102", at: 1, 5, says: "'2' is not a binary digit"),
            InvalidCase("point without a fraction", "a = 1.", at: 1, 5, says: "a digit is missing"),
            InvalidCase("point without an integer part", "a = .5", at: 1, 5, says: "expected a value, found '.'"),
            InvalidCase("point before the exponent", "a = 1.e5", at: 1, 5, says: "expected a digit, found 'e'"),
            InvalidCase("exponent without digits", "a = 1e", at: 1, 5, says: "a digit is missing"),
            InvalidCase("two points", "a = 1.5.5", at: 1, 5, says: "'.' cannot stand there"),
            InvalidCase("two exponents", "a = 1e5e5", at: 1, 5, says: "'e' cannot stand there"),
            InvalidCase("two signs", "a = --1", at: 1, 5, says: "expected a digit, found '-'"),
            InvalidCase("float too large", "a = 1e400", at: 1, 5, says: "beyond the range of a 64-bit float"),
            InvalidCase("Inf", "a = Inf", at: 1, 5, says: "lowercase"),
            InvalidCase("NaN", "a = NaN", at: 1, 5, says: "lowercase"),
            InvalidCase("True", "a = True", at: 1, 5, says: "lowercase"),
            InvalidCase("true and more", "a = truex", at: 1, 5, says: "found truex"),
            InvalidCase("infinity spelled out", "a = infinity", at: 1, 5, says: "found infinity"),
        ]
    )
    func invalid(_ example: InvalidCase) {
        example.check()
    }
}

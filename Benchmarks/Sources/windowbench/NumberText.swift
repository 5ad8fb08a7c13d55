/// Number formatting without Foundation: fixed decimals, thousands separators, durations.
enum NumberText {
    /// `value` with `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        var text = (value < 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(scaled % Int(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let digits = Array(String(Int(value.rounded())))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    /// Nanoseconds as `51.2 us`, `4.31 ms` or `1.20 s`, three significant digits.
    static func duration(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds)
        func three(_ x: Double) -> String { fixed(x, x < 10 ? 2 : x < 100 ? 1 : 0) }
        if value < 1_000_000 { return three(value / 1_000) + " us" }
        if value < 1_000_000_000 { return three(value / 1_000_000) + " ms" }
        return three(value / 1_000_000_000) + " s"
    }

    /// A ratio as `1.23×`.
    static func ratio(_ value: Double) -> String {
        fixed(value, value < 10 ? 2 : 1) + "×"
    }

    /// `text` padded with spaces to `width`, on the left when `right` is true.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let gap = max(0, width - text.count)
        return right ? String(repeating: " ", count: gap) + text : text + String(repeating: " ", count: gap)
    }
}

import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `Benchmarks/baseline.json`: per ``CheckFigure``, the committed ratio and the noise band
/// measured for it, written by `windowbench --check --calibrate N`.
///
/// The band is the spread of the figure's ratio over N whole checks of one build in a row
/// (largest over smallest, at least ``minimumBand``); a ratio fails when it is worse than the
/// committed one by more than that factor.
struct CheckBaseline {
    struct Entry {
        /// The median of the calibration checks' ratios.
        var ratio: Double
        /// Largest over smallest of those ratios, at least ``CheckBaseline/minimumBand``.
        var band: Double
        /// Each calibration check's ratio, as measured.
        var runs: [Double]
    }

    /// No band is narrower than this, so that a figure that happened to repeat closely in the
    /// calibration does not fail on the next run's ordinary noise.
    static let minimumBand = 1.05

    var entries: [CheckFigure: Entry] = [:]
    /// What was calibrated, when and under what load (kept as text, shown under the table).
    var measured = ""

    /// The ratio a figure may reach before it fails: the committed ratio moved by the band,
    /// down for throughput, up for times and memory.
    func limit(_ figure: CheckFigure) -> Double? {
        guard let entry = entries[figure] else { return nil }
        return figure.higherIsBetter ? entry.ratio / entry.band : entry.ratio * entry.band
    }

    /// Whether `ratio` is within the band of the committed one (true without a committed one).
    func accepts(_ ratio: Double, for figure: CheckFigure) -> Bool {
        guard let limit = limit(figure) else { return true }
        return figure.higherIsBetter ? ratio >= limit : ratio <= limit
    }

    /// The baseline from N checks of one build: per figure, each check's median ratio.
    static func calibrated(from checks: [[CheckFigure: Double]], measured: String) -> CheckBaseline {
        var baseline = CheckBaseline(measured: measured)
        for figure in CheckFigure.allCases {
            let runs = checks.compactMap { $0[figure] }
            guard let low = runs.min(), let high = runs.max(), low > 0 else { continue }
            baseline.entries[figure] = Entry(ratio: median(runs), band: max(high / low, minimumBand), runs: runs)
        }
        return baseline
    }

    /// Reads `path`; a missing file is an empty baseline (every figure passes, marked so).
    static func read(_ path: String) throws(BenchError) -> CheckBaseline {
        guard access(path, F_OK) == 0 else { return CheckBaseline() }
        let text = TextFile.read(path)
        let root: JSONValue
        do { root = try JSONParser.parse(Array(text.utf8)) } catch {
            throw .failed("\(path) is not JSON (\(error)); write it again with windowbench --check --calibrate 5")
        }
        guard case .object(let members) = root, case .object(let figures)? = members["figures"] else {
            throw .failed("\(path) has no \"figures\" object; write it again with windowbench --check --calibrate 5")
        }
        var baseline = CheckBaseline()
        if case .string(let measured)? = members["measured"] { baseline.measured = measured }
        for (name, value) in figures {
            guard let figure = CheckFigure(rawValue: name) else { continue }
            guard case .object(let entry) = value, let ratio = number(entry["ratio"]), let band = number(entry["band"]),
                ratio > 0, band >= 1
            else {
                throw .failed("\(path): figure \"\(name)\" needs a positive \"ratio\" and a \"band\" of at least 1")
            }
            var runs: [Double] = []
            if case .array(let values)? = entry["runs"] { runs = values.compactMap { number($0) } }
            baseline.entries[figure] = Entry(ratio: ratio, band: band, runs: runs)
        }
        return baseline
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let number)?: return Double(number)
        case .double(let number)?: return number
        case .number(let text)?: return Double(text)
        default: return nil
        }
    }

    /// The file's text: figures in ``CheckFigure`` order, ratios to four decimals.
    func jsonText() -> String {
        var lines = ["{", "  \"measured\": \(JSONValue.quote(measured)),", "  \"figures\": {"]
        let present = CheckFigure.allCases.filter { entries[$0] != nil }
        for (index, figure) in present.enumerated() {
            let entry = entries[figure]!
            let runs = entry.runs.map { NumberText.fixed($0, 4) }.joined(separator: ", ")
            lines.append(
                "    \(JSONValue.quote(figure.rawValue)): {\"ratio\": \(NumberText.fixed(entry.ratio, 4)), \"band\": \(NumberText.fixed(entry.band, 4)), \"runs\": [\(runs)]}"
                    + (index == present.count - 1 ? "" : ",")
            )
        }
        lines += ["  }", "}", ""]
        return lines.joined(separator: "\n")
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Time limits of the contract, stretched when the whole suite runs under a sanitizer
/// (`make test-sanitize` sets `WINDOWD_TEST_TIME_SCALE`), where everything is several times slower.
package enum TestTiming {
    /// The factor from `WINDOWD_TEST_TIME_SCALE`, 1 when unset.
    package static let scale: Int64 = {
        guard let text = getenv("WINDOWD_TEST_TIME_SCALE"), let factor = Int64(String(cString: text)), factor > 0 else {
            return 1
        }
        return factor
    }()

    /// `limit`, stretched by ``scale``.
    package static func scaled(_ limit: Duration) -> Duration {
        limit * scale
    }

    /// Environment to pass through to a daemon started by a launcher that clears it.
    package static var sanitizerEnvironment: [String] {
        ["ASAN_OPTIONS", "TSAN_OPTIONS"].compactMap { (name: String) -> String? in
            guard let value = getenv(name) else { return nil }
            return name + "=" + String(cString: value)
        }
    }
}

import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every suite whose code under test reads the environment or fds 3, 4, … is nested here.
///
/// Each such test changes that state only inside a ``ChildProcess``; running
/// them one at a time also keeps to one fork at a time.
/// ThreadSanitizer does not support `fork` without `exec` in a threaded process (the child can
/// hang on the sanitizer's own locks), so `make test-sanitize` sets `WINDOWD_TEST_NO_FORK` for
/// its TSan run and these tests are skipped there; they run everywhere else.
@Suite(
    .serialized,
    .enabled(if: getenv("WINDOWD_TEST_NO_FORK") == nil, "fork without exec is not supported under ThreadSanitizer")
)
struct ProcessEnvironmentTests {}

/// Sets (or, for `nil`, unsets) environment variables; meant for a ``ChildProcess`` body.
func setEnvironment(_ values: [String: String?]) {
    for (name, value) in values {
        if let value {
            setenv(name, value, 1)
        } else {
            unsetenv(name)
        }
    }
}

/// The value of an environment variable, or `-` when it is unset.
func environmentValue(_ name: String) -> String {
    getenv(name).map { String(cString: $0) } ?? "-"
}

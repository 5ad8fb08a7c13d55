/// Which methods may be sent again when the daemon went away before answering: those whose
/// second run changes nothing the first did not (windowd-protocol(7): `window.open` is one).
///
/// ```swift
/// ReplaySafety.allows("storage.set")     // true
/// ReplaySafety.allows("app.transition")  // false: a logout sent twice is refused the second time
/// ```
enum ReplaySafety {
    private static let unsafe: Set<String> = [WindowClose.name, WindowDetach.name, AppTransition.name]

    /// Whether `method` may be sent again.
    static func allows(_ method: String) -> Bool {
        !unsafe.contains(method)
    }
}

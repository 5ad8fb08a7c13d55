/// Why a scene's window went away from its presenter (`window.dismiss`), like SwiftUI's
/// `dismissWindow` reaching a scene.
///
/// ```swift
/// for await dismissal in scene.dismissals {
///     print("window \(dismissal.window.id) dismissed: \(dismissal.reason)")   // closed, takeover, signedOut
///     exit(0)
/// }
/// ```
public struct Dismissal: Sendable, Hashable {
    /// The window as it was when dismissed.
    public var window: WindowInfo
    /// `closed` (explicitly), `takeover` (another presenter took it), or `signedOut`.
    public var reason: DismissReason

    /// A dismissal of `window` for `reason`.
    public init(window: WindowInfo, reason: DismissReason) {
        self.window = window
        self.reason = reason
    }
}

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
    /// `closed` (explicitly), `takeover` (another presenter took it), or `signedOut`; or `quit`:
    /// `winctl close` asks a `run` group's program to quit, and the window stays presented until it does.
    public var reason: DismissReason
    /// Whether no `window.dismiss` came, but the daemon, back after a restart or crash, would not
    /// take this presenter back: another presenter has the window (`takeover`), its user signed
    /// out meanwhile (`signedOut`), or the window is gone (`closed`). Nobody asked this presenter
    /// to end what it shows; `winctl run`, for one, lets its program go on without the window.
    public var refusedReturn: Bool

    /// A dismissal of `window` for `reason`; `refusedReturn` when it is a refused re-attach.
    public init(window: WindowInfo, reason: DismissReason, refusedReturn: Bool = false) {
        self.window = window
        self.reason = reason
        self.refusedReturn = refusedReturn
    }
}

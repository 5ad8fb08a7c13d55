package import WindowProtocol

/// The line `winctl attach` prints when its window is dismissed.
package enum DismissText {
    /// Why the presenter of `window` had to go, in words.
    package static func line(_ window: WindowInfo, reason: DismissReason) -> String {
        switch reason {
        case .closed: return "window \(window.id) was closed"
        case .takeover: return "window \(window.id) was taken over by another presenter"
        case .signedOut: return "window \(window.id) was closed: signed out"
        case .quit: return "window \(window.id) is asked to quit its program"
        }
    }
}

import WindowKit

/// Why the terminal presenter stopped; the terminal is given back before any of these is reported.
enum PresenterEnding {
    /// `q`: detach; the window stays.
    case detached(WindowInfo)
    /// `window.dismiss`: the window was closed, taken over, or its user signed out.
    case dismissed(WindowInfo, DismissReason)
    /// SIGINT, SIGTERM, SIGHUP, or Ctrl-C: leave as that signal would.
    case signal(Int32)
    /// The daemon has been gone for `gone`, longer than `--give-up`.
    case gaveUp(path: String, gone: Duration)
    /// The connection ended some other way.
    case failed(WindowKitError)
}

import WindowKit
import WindowProtocol

/// The bottom row: the keys, or what is going on with the link, or the bring-to-front highlight.
enum StatusBar {
    /// The status line for `model`, in reverse video.
    static func line(_ model: PresenterModel, width: Int) -> ScreenLine {
        ScreenLine(text(model), style: .inverse)
    }

    private static func text(_ model: PresenterModel) -> String {
        switch model.link {
        case .reconnecting(let attempt, let gone, let giveUp):
            return
                " reconnecting to windowd at \(model.socketPath) · attempt \(attempt) · gone \(gone.components.seconds)s of \(giveUp.components.seconds)s"
        case .stopping:
            return " windowd is stopping; reconnecting when it is back"
        case .connected:
            if model.highlighted { return " >> brought to front << · any key to dismiss" }
            if model.state.isAuthenticated { return " q detach · Tab panel · ^Z suspend" }
            return " q detach · ^Z suspend"
        }
    }
}

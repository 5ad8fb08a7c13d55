import WindowKit
import WindowProtocol

/// The top row: which window this is, and its phase beside the app's.
enum TitleBar {
    /// ` windowd · detail 42` … `phase active · app active `, in reverse video.
    static func line(_ model: PresenterModel, width: Int) -> ScreenLine {
        let marker = model.highlighted ? " >> " : " "
        let left = marker + "windowd · " + WindowLabel.label(model.window)
        let right: String
        switch model.link {
        case .connected:
            right = "phase \(model.window.phase.rawValue) · app \(model.aggregate.rawValue) "
        case .stopping:
            right = "windowd is stopping "
        case .reconnecting:
            right = "reconnecting… "
        }
        return ScreenLine(LineLayout.spread(left, right, width: width), style: .inverse)
    }
}

import WindowKit
import WindowProtocol

/// The root view: the frame for a model and a terminal size, chosen by the app state.
///
/// Like a SwiftUI app's root view switching over its state: launch, sign-in, onboarding,
/// main or error, between a title bar and a status bar. A pure function of its inputs.
enum RootView {
    /// The whole screen for `model` on a terminal of `size`.
    static func frame(_ model: PresenterModel, size: TerminalSize) -> Frame {
        let width = size.columns
        guard size.rows >= 3 else {
            return Frame(size: size, lines: [TitleBar.line(model, width: width), StatusBar.line(model, width: width)])
        }
        let height = size.rows - 2
        var lines = [TitleBar.line(model, width: width)]
        lines += Array(body(model, height: height).prefix(height))
        while lines.count < size.rows - 1 { lines.append(.blank) }
        lines.append(StatusBar.line(model, width: width))
        return Frame(size: size, lines: lines)
    }

    /// The lines between the bars for the app state.
    static func body(_ model: PresenterModel, height: Int) -> [ScreenLine] {
        switch model.state {
        case .loading: return LaunchView.lines(model)
        case .unauthenticated: return SignInView.lines(model)
        case .onboarding(let step): return OnboardingView.lines(step: step)
        case .authenticated(let user): return MainView.lines(model, user: user, height: height)
        case .error(let kind): return ErrorView.lines(kind: kind)
        }
    }
}

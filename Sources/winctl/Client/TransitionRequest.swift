import ArgumentParser
import WindowProtocol

/// The `app.transition` call shared by `transition`, `login` and `logout`.
enum TransitionRequest {
    /// Asks the daemon to move to `state`; prints `previous → state`, or the result with `--json`.
    static func perform(to state: AppState, options: GlobalOptions) throws(ExitCode) {
        try DaemonClient(options).perform(AppTransition.self, AppTransition.Params(to: state)) { result in
            ["\(result.previous) → \(result.state)"]
        }
    }
}

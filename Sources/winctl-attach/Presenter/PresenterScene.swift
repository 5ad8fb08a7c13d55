import ArgumentParser
import WinctlOutput
import WindowKit

/// `winctl attach`'s window, attached through WindowKit: the one presenter path, for line mode
/// and for the terminal alike. WindowKit re-attaches after windowd restarts.
///
/// ```swift
/// switch await PresenterScene.attach(target, phase: .active, takeover: false, socketPath: path, giveUp: .seconds(60)) {
/// case .success(let scene): …
/// case .failure(let exit): return exit       // already reported
/// }
/// ```
enum PresenterScene {
    /// Attaches to `target`; a failure is reported on standard error and returned as the exit.
    static func attach(
        _ target: PresenterTarget,
        phase: ScenePhase,
        takeover: Bool,
        socketPath: String,
        giveUp: Duration
    ) async -> Result<WindowScene, PresenterExitError> {
        let options = ConnectionOptions(socketPath: socketPath, clientName: "winctl", reconnectFor: giveUp)
        do {
            switch target {
            case .id(let id):
                return .success(
                    try await WindowScene.attach(id: id, phase: phase, takeover: takeover, options: options)
                )
            case .group(let group, let value):
                let windowValue = value.map { WindowValue.string($0) } ?? WindowValue.none
                return .success(
                    try await WindowScene.attach(
                        group: group,
                        value: windowValue,
                        phase: phase,
                        takeover: takeover,
                        options: options
                    )
                )
            }
        } catch let error as WindowKitError {
            return .failure(PresenterExitError(exit: .reporting(error)))
        } catch {
            Console.error("\(error)")
            return .failure(PresenterExitError(exit: .status(ExitStatus.unavailable.rawValue)))
        }
    }

    /// The attach result as the daemon would give it now, for printing.
    static func attachResult(_ scene: WindowScene) -> WindowAttach.Result {
        WindowAttach.Result(
            window: scene.window,
            storage: scene.storageValues,
            state: scene.app.state,
            phase: scene.app.scenePhase
        )
    }
}

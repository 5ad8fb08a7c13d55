import WindowKit
import WindowProtocol

@testable import winctl_attach

/// Windows, attach results and models for the view tests.
enum Fixtures {
    static let ownID = "0a1b2c3d-0000-4000-8000-000000000042"

    static func window(
        _ id: String = ownID,
        group: String = "detail",
        value: JSONValue = .int(42),
        phase: ScenePhase = .active,
        attached: Bool = true
    ) -> WindowInfo {
        WindowInfo(
            id: id,
            group: group,
            value: value,
            phase: phase,
            attached: attached,
            createdAt: "2026-01-01T00:00:00Z"
        )
    }

    static func attached(
        state: AppState = .authenticated(user: "alice"),
        storage: [String: JSONValue] = [:],
        phase: ScenePhase = .active
    ) -> WindowAttach.Result {
        WindowAttach.Result(window: window(), storage: storage, state: state, phase: phase)
    }

    static func model(
        state: AppState = .authenticated(user: "alice"),
        storage: [String: JSONValue] = [:],
        others: [WindowInfo] = []
    ) -> PresenterModel {
        var model = PresenterModel(attached: attached(state: state, storage: storage), socketPath: "/tmp/w/s.sock")
        for other in others { model.update(other) }
        return model
    }

    static let size = TerminalSize(columns: 80, rows: 24)

    /// The frame's text as one string, for `contains` checks.
    static func screen(_ model: PresenterModel, size: TerminalSize = size) -> String {
        RootView.frame(model, size: size).text.joined(separator: "\n")
    }
}

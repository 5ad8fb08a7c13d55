import WindowEngine
import WindowProtocol

/// A change the daemon makes on its own — a timer, a verdict, a closed connection, a restart,
/// a reload — as a value: made once when it happens, and made again on top of the rollback
/// point when a failed commit undoes the requests' changes under it (``RollbackPoint``), so
/// that undoing requests never undoes it.
enum OwnChange {
    /// A connection closed: the window it presented goes to `background`.
    case detach(ConnectionID, now: Double)
    /// A launch's process ended.
    case launchEnded(WindowID)
    /// `validate_command` judged the session invalid.
    case expireSession(now: Double)
    /// The deadline timer fired.
    case advance(to: Double)
    /// The stored session will not be restored: the windows that need a user close.
    case discardRestoredSession(now: Double)
    /// `loading` ends.
    case finishLoading(storedSession: Session?, rejected: Bool, now: Double)
    /// A presenter handed over by a graceful restart takes its window back.
    case resumePresenter(window: String, connection: ConnectionID, phase: ScenePhase, place: Place?)
    /// The app state a graceful restart handed over.
    case resume(state: AppState, session: Session?)
    /// A re-read config's groups and limits.
    case reconfigure(groups: [WindowGroup], limits: CoordinatorLimits)
    /// A hand-off announces a falling aggregate now rather than after `app.phase_settle_ms`.
    case settlePhase(now: Double)

    /// Makes the change on `coordinator`, appending what it asks for to `effects`; `false` when
    /// it could not be made (a resumed presenter's window is gone).
    @discardableResult
    func apply(to coordinator: inout SceneCoordinator, effects: inout [Effect]) -> Bool {
        switch self {
        case .detach(let connection, let now):
            coordinator.detach(connection: connection, now: now, effects: &effects)
        case .launchEnded(let window):
            coordinator.launchEnded(window)
        case .expireSession(let now):
            coordinator.expireSession(now: now, effects: &effects)
        case .advance(let now):
            coordinator.advance(to: now, effects: &effects)
        case .discardRestoredSession(let now):
            coordinator.discardRestoredSession(now: now, effects: &effects)
        case .finishLoading(let storedSession, let rejected, let now):
            coordinator.finishLoading(storedSession: storedSession, rejected: rejected, now: now, effects: &effects)
        case .resumePresenter(let id, let presenter, let phase, let place):
            return coordinator.resumePresenter(id, connection: presenter, phase: phase, place: place, effects: &effects)
        case .resume(let state, let session):
            coordinator.resume(state: state, session: session)
        case .reconfigure(let groups, let limits):
            coordinator.reconfigure(groups: groups, limits: limits)
        case .settlePhase(let now):
            coordinator.settlePhaseNow(now: now, effects: &effects)
        }
        return true
    }
}

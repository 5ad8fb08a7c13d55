/// Undoing changes whose commit failed, without a copy of the windows: the registry journals
/// what each change replaces, and the app state and session are small values kept aside.
extension SceneCoordinator {
    /// What undoes a run of changes: the windows as they were, the app state and session as they were.
    public struct UndoRecord: Sendable {
        var windows: WindowRegistry.Journal
        var appState: AppStateMachine
        var session: Session?

        /// This run of changes and an `older` one before it, undone together.
        public func merging(older: UndoRecord) -> UndoRecord {
            UndoRecord(windows: windows.merging(older: older.windows), appState: older.appState, session: older.session)
        }
    }

    /// Records, from now on, what the windows' changes replace (see ``takeUndoRecord(since:)``).
    public mutating func startJournal() {
        registry.startJournal()
    }

    /// The app state and session now, to pass to the next ``takeUndoRecord(since:)``.
    public var undoBase: (appState: AppStateMachine, session: Session?) { (appState, session) }

    /// What undoes every change since `base` was read (and the journal last taken); the
    /// recording goes on afresh from here.
    public mutating func takeUndoRecord(since base: (appState: AppStateMachine, session: Session?)) -> UndoRecord {
        UndoRecord(windows: registry.takeJournal(), appState: base.appState, session: base.session)
    }

    /// Puts the windows, app state and session back as `record` has them; no events.
    public mutating func undo(_ record: UndoRecord) {
        registry.undo(record.windows)
        appState = record.appState
        session = record.session
    }
}

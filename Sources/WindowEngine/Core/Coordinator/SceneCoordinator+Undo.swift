/// Undoing changes whose commit failed, without a copy of the windows: the registry journals
/// what each change replaces, and the app state, session and settling aggregate are small values kept aside.
extension SceneCoordinator {
    /// What undoes a run of changes: the windows as they were, the app state and session as they were.
    package struct UndoRecord: Sendable {
        var windows: WindowRegistry.Journal
        var base: UndoBase

        /// This run of changes and an `older` one before it, undone together.
        package func merging(older: UndoRecord) -> UndoRecord {
            UndoRecord(windows: windows.merging(older: older.windows), base: older.base)
        }
    }

    /// The small values a run of changes may replace besides the windows.
    package struct UndoBase: Sendable {
        var appState: AppStateMachine
        var session: Session?
        var phaseSettle: PhaseSettle
        var signedOut: Set<WindowID>
    }

    /// Records, from now on, what the windows' changes replace (see ``takeUndoRecord(since:)``).
    package mutating func startJournal() {
        registry.startJournal()
    }

    /// The app state and session now, to pass to the next ``takeUndoRecord(since:)``.
    package var undoBase: UndoBase {
        UndoBase(appState: appState, session: session, phaseSettle: phaseSettle, signedOut: signedOut)
    }

    /// What undoes every change since `base` was read (and the journal last taken); the
    /// recording goes on afresh from here.
    package mutating func takeUndoRecord(since base: UndoBase) -> UndoRecord {
        UndoRecord(windows: registry.takeJournal(), base: base)
    }

    /// Puts the windows, app state, session and settling aggregate back as `record` has them; no events.
    package mutating func undo(_ record: UndoRecord) {
        registry.undo(record.windows)
        appState = record.base.appState
        session = record.base.session
        phaseSettle = record.base.phaseSettle
        signedOut = record.base.signedOut
        // A window taken back takes back the launch started for it (its effect is dropped too).
        let windows = registry.windows
        launches.keep { windows[$0] != nil }
    }
}

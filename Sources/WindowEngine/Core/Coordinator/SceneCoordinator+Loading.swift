import WindowProtocol

/// What `loading` does with what a restart restored (windowd-protocol(7), app.transition): nothing of one user's
/// reaches the next, and a presenter that comes back early is answered once loading has decided.
extension SceneCoordinator {
    /// The stored session will not be restored (expired, or refused by `validate_command`):
    /// the restored windows of groups that need a user are closed now, with their storage, as a
    /// sign-out closes them — before anyone can list or read them, while the state is still
    /// `loading`. ``finishLoading(storedSession:rejected:now:effects:)`` then leaves `loading`.
    package mutating func discardRestoredSession(now: Double, effects: inout [Effect]) {
        guard state == .loading else { return }
        signOutWindows(now: now, effects: &effects)
    }

    /// Whether an attach to `target` waits for the end of `loading` instead of being answered
    /// now: while `loading`, a window of a group that needs a user cannot be given or refused
    /// yet (the stored session has no verdict), so the request is answered by the state loading
    /// reaches. Any other attach, and every attach outside `loading`, is answered at once.
    package func attachWaitsForLoading(_ target: AttachRequest.Target) -> Bool {
        guard state == .loading else { return false }
        let groupID: String
        switch target {
        case .id(let text):
            guard let id = WindowID(text), let window = registry.windows[id] else { return false }
            groupID = window.group
        case .value(let group, _):
            groupID = group
        }
        return groups[groupID]?.requiresAuth == true
    }
}

import WindowProtocol

/// Checks stored windows against the config before they are applied (windowd(8), State):
/// restored state is never trusted blindly.
package enum RestoreValidator {
    /// Why a stored window was not restored.
    package enum DropReason: Sendable, Equatable, CustomStringConvertible {
        /// The window's group is gone from the config.
        case groupRemoved(String)
        /// The window's group has `restore = false`.
        case restoreDisabled(String)
        /// The stored value is not of the group's value type any more (the type changed in the config).
        case valueNoLongerParses(String)
        /// An older restored window has the same typed value (the type changed so that two values now match).
        case duplicateValue(of: WindowID)
        /// The window's group has `requires_auth` and no valid session is restored: it was the
        /// signed-in user's, and nothing of one user's reaches the next (windowd-protocol(7), app.transition).
        case signedOut(String)

        /// The reason as the "dropped a stored window" log line gives it, naming the group or window.
        package var description: String {
            switch self {
            case .groupRemoved(let group): return "group '\(group)' is no longer in the config"
            case .restoreDisabled(let group): return "group '\(group)' has restore = false"
            case .valueNoLongerParses(let message): return "value no longer parses: \(message)"
            case .duplicateValue(let other): return "same value as window \(other)"
            case .signedOut(let group):
                return "group '\(group)' needs a signed-in user and no valid session is restored"
            }
        }
    }

    /// The windows to restore, registered (detached, `background`, with their storage), those
    /// to drop, with why, and the changes that tell the store so. Windows are taken oldest
    /// first, so that of two with the same typed value the older one stays.
    ///
    /// A window stored `active` was so until windowd went away, as far as anyone can tell: it
    /// was last `active` at `now`, the restart, and is no longer (its presenter is gone, or
    /// attaches again and says its phase, or a graceful restart hands it back).
    ///
    /// Without a stored session that may still be restored (one not expired at `now`), the
    /// windows of `requires_auth` groups are dropped.
    ///
    /// - Parameter probe: what each kept presenter is now: one gone is not awaited back.
    package static func validate(
        _ state: StoredState,
        groups: [String: WindowGroup],
        now: Double,
        probe: PresenterProcess.Probe = { _ in .running }
    ) -> (windows: WindowRegistry, dropped: [(WindowID, DropReason)], changes: [StateChange]) {
        var registry = WindowRegistry()
        var dropped: [(WindowID, DropReason)] = []
        var ended: [StateChange] = []
        lazy var restart = SceneCoordinator.activeTime(now)
        let sessionRestorable = state.session.map { !$0.isExpired(at: now) } ?? false
        registry.reserveCapacity(state.windows.count)
        let stored = state.windows
        // The store reads them in creation order already: sort only if not.
        let inOrder = stored.indices.dropFirst().allSatisfy { stored[$0 - 1].order <= stored[$0].order }
        // Most windows share a few groups: look each run of one group up once.
        var group: WindowGroup?
        for stored in inOrder ? stored : stored.sorted(by: { $0.order < $1.order }) {
            if group?.id != stored.group { group = groups[stored.group] }
            guard let group else {
                dropped.append((stored.id, .groupRemoved(stored.group)))
                continue
            }
            guard group.restore else {
                dropped.append((stored.id, .restoreDisabled(group.id)))
                continue
            }
            guard sessionRestorable || !group.requiresAuth else {
                dropped.append((stored.id, .signedOut(group.id)))
                continue
            }
            let value: WindowValue
            do {
                value = try WindowValue.stored(stored.value, as: group.valueType, group: group.id)
            } catch {
                dropped.append((stored.id, .valueNoLongerParses(error.message)))
                continue
            }
            let storage = state.storage.isEmpty ? SceneStorage() : SceneStorage(values: state.storage[stored.id] ?? [:])
            let window = Window(
                id: stored.id,
                group: group.id,
                value: value,
                createdAt: stored.createdAt,
                order: stored.order,
                storage: storage,
                process: stored.presenter.flatMap { probe($0) == .gone ? nil : $0 },
                lastPlace: stored.place,
                lastActiveAt: stored.active ? restart : stored.lastActiveAt
            )
            if let other = registry.insertIfValueIsFree(window) {
                dropped.append((stored.id, .duplicateValue(of: other)))
            } else if stored.active {
                ended.append(.windowActive(stored.id, at: restart, active: false))
            }
        }
        return (registry, dropped, dropped.map { .windowClosed($0.0) } + ended)
    }
}

import WindowProtocol

/// Checks stored windows against the config before they are applied (SPEC section 5):
/// restored state is never trusted blindly.
public enum RestoreValidator {
    /// Why a stored window was not restored.
    public enum DropReason: Sendable, Equatable, CustomStringConvertible {
        /// The window's group is gone from the config.
        case groupRemoved(String)
        /// The window's group has `restore = false`.
        case restoreDisabled(String)
        /// The stored value is not of the group's value type any more (the type changed in the config).
        case valueNoLongerParses(String)
        /// An older restored window has the same typed value (the type changed so that two values now match).
        case duplicateValue(of: WindowID)

        /// The reason as the "dropped a stored window" log line gives it, naming the group or window.
        public var description: String {
            switch self {
            case .groupRemoved(let group): return "group '\(group)' is no longer in the config"
            case .restoreDisabled(let group): return "group '\(group)' has restore = false"
            case .valueNoLongerParses(let message): return "value no longer parses: \(message)"
            case .duplicateValue(let other): return "same value as window \(other)"
            }
        }
    }

    /// The windows to restore (detached, `background`, with their storage) and those to drop, with why.
    public static func validate(_ state: StoredState, groups: [String: WindowGroup]) -> (windows: [Window], dropped: [(WindowID, DropReason)]) {
        var windows: [Window] = []
        var dropped: [(WindowID, DropReason)] = []
        var seen: [String: [WindowValue: WindowID]] = [:]
        windows.reserveCapacity(state.windows.count)
        for stored in state.windows.sorted(by: { $0.order < $1.order }) {
            guard let group = groups[stored.group] else {
                dropped.append((stored.id, .groupRemoved(stored.group)))
                continue
            }
            guard group.restore else {
                dropped.append((stored.id, .restoreDisabled(group.id)))
                continue
            }
            let value: WindowValue
            do {
                value = try WindowValue.parse(stored.value, as: group.valueType, group: group.id)
            } catch {
                dropped.append((stored.id, .valueNoLongerParses(error.message)))
                continue
            }
            if let other = seen[group.id]?[value] {
                dropped.append((stored.id, .duplicateValue(of: other)))
                continue
            }
            seen[group.id, default: [:]][value] = stored.id
            windows.append(Window(
                id: stored.id, group: group.id, value: value, createdAt: stored.createdAt, order: stored.order,
                storage: SceneStorage(values: state.storage[stored.id] ?? [:])))
        }
        return (windows, dropped)
    }
}

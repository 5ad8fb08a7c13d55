package import WindowProtocol

/// The windows, keyed by id, with an index by (group, typed value) for de-duplication
/// and a phase tally for the aggregate.
package struct WindowRegistry: Sendable {
    /// Window id → window.
    package private(set) var windows: [WindowID: Window] = [:]
    private var byValue: [ValueKey: WindowID] = [:]
    private var byPresenter: [ConnectionID: WindowID] = [:]
    private var tally = PhaseTally()
    private var nextOrder: UInt64 = 0
    /// While recording (``startJournal()``): each window changed since the journal was last
    /// taken, as it was before (`nil`: it did not exist).
    private var journal: [WindowID: Window?]?

    private struct ValueKey: Hashable {
        var group: String
        var value: WindowValue
    }

    /// An empty registry; restored windows are inserted one by one.
    package init() {}

    /// The number of windows.
    package var count: Int { windows.count }

    /// Makes room for `count` windows at once, so that a restore does not rehash as it grows.
    package mutating func reserveCapacity(_ count: Int) {
        windows.reserveCapacity(count)
        byValue.reserveCapacity(count)
    }

    /// The number of windows with a presenter.
    package var attachedCount: Int { byPresenter.count }

    /// The aggregate phase of all windows.
    package var aggregate: ScenePhase { tally.aggregate }

    /// The window of `group` whose value equals `value`, if any.
    package func window(group: String, value: WindowValue) -> Window? {
        byValue[ValueKey(group: group, value: value)].flatMap { windows[$0] }
    }

    /// The window `connection` presents, if any.
    package func window(presentedBy connection: ConnectionID) -> Window? {
        byPresenter[connection].flatMap { windows[$0] }
    }

    /// The windows, oldest first, optionally of one group.
    package func list(group: String? = nil) -> [Window] {
        oldestFirst { group == nil || $0.group == group }
    }

    /// The windows of the groups `ids`, oldest first; none looked at when `ids` is empty.
    package func list(groups ids: Set<String>) -> [Window] {
        ids.isEmpty ? [] : oldestFirst { ids.contains($0.group) }
    }

    private func oldestFirst(where isIncluded: (Window) -> Bool) -> [Window] {
        windows.values.filter(isIncluded).sorted { $0.order < $1.order }
    }

    /// Adds `window`; its order is set from the registry's counter if it has none yet.
    package mutating func insert(_ window: consuming Window) {
        byValue[ValueKey(group: window.group, value: window.value)] = window.id
        add(window)
    }

    /// Adds `window` unless a window of its group already has its value: then nothing changes,
    /// and that window's id comes back. One hash lookup per index, for restoring many windows.
    package mutating func insertIfValueIsFree(_ window: consuming Window) -> WindowID? {
        let key = ValueKey(group: window.group, value: window.value)
        if let holder = byValue.updateValue(window.id, forKey: key) {
            byValue[key] = holder
            return holder
        }
        add(window)
        return nil
    }

    private mutating func add(_ window: consuming Window) {
        let (id, phase, order) = (window.id, window.phase, window.order)
        record(id)
        let replaced = windows.updateValue(window, forKey: id)
        precondition(replaced == nil, "window \(id) is registered twice")
        tally.add(phase)
        nextOrder = max(nextOrder, order + 1)
    }

    /// The order number for the next window created.
    package mutating func takeNextOrder() -> UInt64 {
        defer { nextOrder += 1 }
        return nextOrder
    }

    /// Removes the window `id` and returns it as it was.
    @discardableResult
    package mutating func remove(_ id: WindowID) -> Window? {
        record(id)
        guard let window = windows.removeValue(forKey: id) else { return nil }
        byValue.removeValue(forKey: ValueKey(group: window.group, value: window.value))
        if let presenter = window.presenter { byPresenter.removeValue(forKey: presenter) }
        tally.remove(window.phase)
        return window
    }

    /// Sets the presenter of `id` (or clears it, with its process) and its phase; `background`
    /// whenever there is none.
    package mutating func setPresenter(
        _ presenter: ConnectionID?,
        phase: ScenePhase,
        place: Place? = nil,
        process: PresenterProcess? = nil,
        of id: WindowID
    ) {
        guard var window = windows[id] else { return }
        record(id)
        if let old = window.presenter { byPresenter.removeValue(forKey: old) }
        if let presenter { byPresenter[presenter] = id }
        window.presenter = presenter
        if presenter != nil { window.lastPlace = place }
        window.process = presenter == nil ? nil : process ?? window.process
        tally.remove(window.phase)
        window.phase = presenter == nil ? .background : phase
        tally.add(window.phase)
        windows[id] = window
    }

    /// Sets the phase of `id`.
    package mutating func setPhase(_ phase: ScenePhase, of id: WindowID) {
        guard var window = windows[id] else { return }
        record(id)
        tally.remove(window.phase)
        window.phase = phase
        tally.add(phase)
        windows[id] = window
    }

    /// Notes that `id` was `active` at `time`.
    package mutating func setLastActive(_ time: String, of id: WindowID) {
        guard windows[id] != nil else { return }
        record(id)
        windows[id]?.lastActiveAt = time
    }

    /// Changes the scene storage of `id` in place.
    package mutating func updateStorage(
        of id: WindowID,
        _ change: (inout SceneStorage) throws(Refusal) -> Void
    ) throws(Refusal) {
        guard var window = windows[id] else { return }
        try change(&window.storage)
        record(id)
        windows[id] = window
    }

    // MARK: - Journal: undoing changes whose commit failed

    /// Windows as they were before a run of changes, to put them back if the changes are undone
    /// (the daemon's rollback of a failed commit): cheap to keep, unlike a copy of the registry.
    package struct Journal: Sendable {
        /// Each window changed, as it was before its first change (`nil`: it did not exist).
        fileprivate var priors: [WindowID: Window?] = [:]

        /// No window changed.
        package var isEmpty: Bool { priors.isEmpty }

        /// One journal for this run and an `older` one before it: the older value of a window wins.
        package func merging(older: Journal) -> Journal {
            Journal(priors: priors.merging(older.priors) { _, older in older })
        }
    }

    /// Records, from now on, what each change to a window replaces.
    package mutating func startJournal() {
        if journal == nil { journal = [:] }
    }

    /// What was recorded since the last call (or the start); recording goes on, afresh.
    package mutating func takeJournal() -> Journal {
        defer { if journal != nil { journal = [:] } }
        return Journal(priors: journal ?? [:])
    }

    /// Puts every window of `journal` back as it was, indexes, presenters and phases with it;
    /// the recording starts afresh.
    package mutating func undo(_ journal: Journal) {
        let recording = self.journal != nil
        self.journal = nil
        // Every changed window out first, then the old ones in: a presenter or a value may have
        // moved from one window to another in between.
        for id in journal.priors.keys {
            guard let current = windows.removeValue(forKey: id) else { continue }
            let key = ValueKey(group: current.group, value: current.value)
            if byValue[key] == id { byValue.removeValue(forKey: key) }
            if let presenter = current.presenter, byPresenter[presenter] == id {
                byPresenter.removeValue(forKey: presenter)
            }
            tally.remove(current.phase)
        }
        for case let (id, prior?) in journal.priors {
            byValue[ValueKey(group: prior.group, value: prior.value)] = id
            if let presenter = prior.presenter { byPresenter[presenter] = id }
            add(prior)
        }
        self.journal = recording ? [:] : nil
    }

    /// Notes what `id` is now, before its first change since the journal was taken.
    private mutating func record(_ id: WindowID) {
        guard journal != nil, journal?.index(forKey: id) == nil else { return }
        journal?.updateValue(windows[id], forKey: id)
    }
}

package import WindowProtocol

/// The events a connection asked for with `events.subscribe`.
package enum EventSubscription: Sendable, Equatable {
    /// Not subscribed.
    case none
    /// Every event subscribers receive.
    case all
    /// Only these event types.
    case only(Set<EventName>)

    /// Whether an event of type `name` is one the connection subscribed to.
    package func includes(_ name: EventName) -> Bool {
        switch self {
        case .none: return false
        case .all: return true
        case .only(let names): return names.contains(name)
        }
    }

    /// The subscription as a hand-off record stores it: the type names (`nil`: not subscribed),
    /// and whether it is to everything.
    package var record: (names: [String]?, all: Bool) {
        switch self {
        case .none: return (nil, false)
        case .all: return ([], true)
        case .only(let names): return (names.map(\.rawValue).sorted(), false)
        }
    }

    /// The subscription a hand-off record describes; names this build does not know are dropped.
    package init(names: [String]?, all: Bool) {
        if all {
            self = .all
        } else if let names {
            self = .only(Set(names.compactMap(EventName.init(rawValue:))))
        } else {
            self = .none
        }
    }
}

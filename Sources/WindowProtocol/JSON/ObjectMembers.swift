/// An object's members in the order they were written, for the request's `params`: two to five
/// members, each read once, so a list searched from its end (as a dictionary keeps a name given
/// twice: the last value) costs less than hashing every name in and out.
package struct ObjectMembers: Sendable {
    /// One member.
    package struct Member: Sendable {
        package var name: String
        package var value: JSONValue
    }

    /// The members as written, a name given twice included.
    package private(set) var list: [Member]

    /// No members, with room for `capacity`.
    package init(capacity: Int = 0) {
        list = []
        list.reserveCapacity(capacity)
    }

    /// The members of a parsed object (in no particular order).
    package init(_ object: [String: JSONValue]) {
        list = object.map { Member(name: $0.key, value: $0.value) }
    }

    /// Adds a member, after the others.
    package mutating func append(_ name: String, _ value: JSONValue) {
        list.append(Member(name: name, value: value))
    }

    /// The value of `name`, the last one written; `nil` when absent.
    package subscript(name: String) -> JSONValue? {
        for member in list.reversed() where member.name == name { return member.value }
        return nil
    }

    /// How many members were written (a name given twice counts twice).
    package var count: Int { list.count }

    /// The object they make: a name given twice keeps its last value.
    package var object: [String: JSONValue] {
        Dictionary(list.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }
}

extension ObjectMembers: Equatable {
    /// The same object, whatever the order written.
    package static func == (lhs: ObjectMembers, rhs: ObjectMembers) -> Bool { lhs.object == rhs.object }
}

/// A request's `params` as the request line parser leaves them: an object's members without a
/// dictionary (``ObjectMembers``), or any other value (an array, or what the header refuses).
package enum RequestParams: Sendable, Equatable {
    case members(ObjectMembers)
    case other(JSONValue)

    /// `value` as request params.
    package init(_ value: JSONValue) {
        if case .object(let object) = value { self = .members(ObjectMembers(object)) } else { self = .other(value) }
    }

    /// The params as a JSON value, for decoding.
    package var value: JSONValue {
        switch self {
        case .members(let members): .object(members.object)
        case .other(let value): value
        }
    }
}

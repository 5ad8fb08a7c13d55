/// One order of the bundled catalogue.
///
/// ```swift
/// let order = catalog.order(id: 1042)!
/// order.totalCents   // the sum of its lines
/// ```
struct Order: Codable, Sendable, Hashable, Identifiable {
    /// One line of an order.
    struct Item: Codable, Sendable, Hashable {
        var sku: String
        var name: String
        var quantity: Int
        var unitCents: Int
    }

    /// One entry of an order's history.
    struct Event: Codable, Sendable, Hashable {
        var at: String
        var note: String
    }

    var id: Int
    var customer: String
    var status: String
    var placed: String
    var items: [Item]
    var history: [Event]

    /// What the order costs, in cents.
    var totalCents: Int { items.reduce(0) { $0 + $1.quantity * $1.unitCents } }

    /// `$123.40` for `cents` 12340.
    static func money(_ cents: Int) -> String {
        let fraction = cents % 100
        return "$\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

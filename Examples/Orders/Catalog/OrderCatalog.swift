import Foundation

/// The orders the app browses: a JSON file bundled with it (`Resources/orders.json`), or
/// another file given with `--catalog`, read again on every refresh.
///
/// ```swift
/// let catalog = try OrderCatalog.load()
/// for order in catalog.orders { print(order.id, order.customer) }
/// ```
struct OrderCatalog: Sendable {
    private struct File: Codable {
        var orders: [Order]
    }

    /// The orders, in the file's order.
    let orders: [Order]

    /// Reads the catalogue at `path`, or the bundled one.
    static func load(path: String? = nil) throws -> OrderCatalog {
        let url: URL
        if let path {
            url = URL(fileURLWithPath: path)
        } else {
            guard let bundled = Bundle.module.url(forResource: "orders", withExtension: "json") else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "orders.json in the bundle"])
            }
            url = bundled
        }
        return OrderCatalog(orders: try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).orders)
    }

    /// The order `id`, if there is one.
    func order(id: Int) -> Order? {
        orders.first { $0.id == id }
    }
}

import WindowKit

/// A detail window's content: the order, scrolled to a line, with how its refresh goes.
///
/// ```swift
/// let all = OrderDetailView.content(order)
/// OrderDetailView.lines(all, scroll: 5, refresh: "live · 3 refreshes", height: 28)
/// ```
enum OrderDetailView {
    /// Every line of the order, before scrolling.
    static func content(_ order: Order) -> [ScreenLine] {
        var lines = [
            ScreenLine("Order #\(order.id) · \(order.customer)", style: .bold),
            ScreenLine("status \(order.status) · placed \(order.placed) · total \(Order.money(order.totalCents))"),
            .blank,
            ScreenLine("Items", style: .bold),
        ]
        for item in order.items {
            lines.append(
                ScreenLine(
                    "  \(item.quantity) × \(OrderListView.pad(item.name, 24)) \(Order.money(item.quantity * item.unitCents))"
                )
            )
        }
        lines += [.blank, ScreenLine("History", style: .bold)]
        for (index, event) in order.history.enumerated() {
            lines.append(ScreenLine("  \(index + 1 < 10 ? " " : "")\(index + 1). \(event.at)  \(event.note)"))
        }
        return lines
    }

    /// The rows in view: a refresh line, then `content` from line `scroll` on.
    static func lines(_ content: [ScreenLine], scroll: Int, refresh: String, height: Int) -> [ScreenLine] {
        var lines = [ScreenLine("   Refresh: " + refresh), .blank]
        let room = max(0, height - lines.count)
        for line in content.dropFirst(scroll).prefix(room) {
            lines.append(ScreenLine("   " + line.text, style: line.style))
        }
        return lines
    }

    /// The rows of content a screen of `height` body rows shows.
    static func room(height: Int) -> Int { max(1, height - 2) }
}

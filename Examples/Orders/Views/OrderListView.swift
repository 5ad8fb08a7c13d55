import WindowKit

/// The main window's content: the orders, the selected one marked, those with a detail window
/// open marked `[open]`.
///
/// ```swift
/// OrderListView.lines(orders, selected: 2, open: [1042], user: "alice", message: "", height: 28)
/// ```
enum OrderListView {
    static func lines(
        _ orders: [Order],
        selected: Int,
        open: Set<Int>,
        user: String,
        message: String,
        height: Int
    ) -> [ScreenLine] {
        var lines = [
            .blank,
            ScreenLine("   Orders · signed in as \(user)", style: .bold),
            .blank,
            ScreenLine("     order  customer        status     total     "),
        ]
        let room = max(1, height - lines.count - 2)
        let first = min(max(0, selected - room + 1), max(0, orders.count - room))
        for (index, order) in orders.enumerated().dropFirst(first).prefix(room) {
            let marker = index == selected ? " > " : "   "
            let row =
                marker + "#\(order.id)  " + pad(order.customer, 14) + "  " + pad(order.status, 9) + "  "
                + pad(Order.money(order.totalCents), 8) + (open.contains(order.id) ? "  [open]" : "")
            lines.append(ScreenLine(row, style: index == selected ? .bold : .plain))
        }
        lines.append(.blank)
        if !message.isEmpty { lines.append(ScreenLine("   " + message)) }
        return lines
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }
}

import WindowKit
import WindowProtocol

/// The body while the app state is `authenticated`: this window, then the selected panel.
enum MainView {
    /// How many scene-storage keys the summary line names before `…`.
    static let storageKeysShown = 4

    /// The main screen's lines for `user`, at most `height` of them.
    static func lines(_ model: PresenterModel, user: String, height: Int) -> [ScreenLine] {
        var lines: [ScreenLine] = [
            .blank,
            ScreenLine(LineLayout.margin + "Signed in as \(user)", style: .bold),
            .blank,
        ]
        let details = LineLayout.table([
            ["window", WindowLabel.label(model.window)],
            ["id", model.window.id],
            ["phase", "\(model.window.phase.rawValue) (app: \(model.aggregate.rawValue))"],
            ["storage", storageSummary(model.storage)],
        ])
        lines += details.map { ScreenLine($0) }
        lines.append(.blank)
        lines.append(ScreenLine(tabs(model.panel), style: .bold))
        lines.append(.blank)
        let room = max(0, height - lines.count)
        lines += panel(model, room: room).map { ScreenLine($0) }
        return lines
    }

    /// `ui.panel, draft (2 keys)`, or `empty`.
    static func storageSummary(_ storage: [String: JSONValue]) -> String {
        guard !storage.isEmpty else { return "empty" }
        let keys = storage.keys.sorted()
        var names = keys.prefix(storageKeysShown).joined(separator: ", ")
        if keys.count > storageKeysShown { names += ", …" }
        return "\(names) (\(keys.count) key\(keys.count == 1 ? "" : "s"))"
    }

    /// `[Windows]  Storage   (Tab switches)`: the selected tab in brackets.
    static func tabs(_ selected: Panel) -> String {
        let names = Panel.allCases.map { $0 == selected ? "[\($0.title)]" : " \($0.title) " }
        return LineLayout.margin + names.joined(separator: " ") + "   (Tab switches)"
    }

    private static func panel(_ model: PresenterModel, room: Int) -> [String] {
        let rows: [[String]]
        let empty: String
        switch model.panel {
        case .windows:
            rows = model.otherWindows.map { window in
                [
                    window.group, WindowLabel.value(window.value) ?? "-", window.phase.rawValue,
                    window.attached ? "attached" : "detached", String(window.id.prefix(8)),
                ]
            }
            empty = "No other windows."
        case .storage:
            rows = model.storage.keys.sorted().map { key in [key, model.storage[key]!.jsonText] }
            empty = "No scene storage."
        }
        guard !rows.isEmpty else { return [LineLayout.margin + empty] }
        let header = model.panel == .windows ? ["GROUP", "VALUE", "PHASE", "PRESENTER", "ID"] : ["KEY", "VALUE"]
        var table = LineLayout.table([header] + rows)
        if table.count > room, room >= 1 {
            let hidden = table.count - (room - 1)
            table = Array(table.prefix(room - 1)) + [LineLayout.margin + "… and \(hidden) more"]
        }
        return table
    }
}

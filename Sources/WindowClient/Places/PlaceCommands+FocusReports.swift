public import WindowProtocol

extension PlaceCommands {
    /// The command that makes `place` pass its terminal's focus reports on to the programs in
    /// it, where that is a setting: for tmux, one client that says whether `focus-events` (a
    /// server option) was on, turns it on, and lists the attached clients with the session each
    /// shows. `nil` for every other place (they report focus as they are). What it prints goes
    /// to ``focusRefresh(at:after:)``.
    public static func focusReports(at place: Place) -> [String]? {
        guard place.kind == .tmux, let socket = place.socket else { return nil }
        return [
            "tmux", "-S", socket, "show-options", "-sv", "focus-events", ";", "set-option", "-s", "focus-events", "on",
            ";", "list-clients", "-F", "#{client_name}\t#{session_id}",
        ]
    }

    /// After ``focusReports(at:)`` printed `answer`: if it turned tmux's `focus-events` on, one
    /// client that switches each attached client to the session it shows (nothing moves; `-E`:
    /// its environment is left alone), so that tmux works out the focus of the panes they show,
    /// which it does not track while the option is off. `nil` if the option was on already, or
    /// no client is attached.
    public static func focusRefresh(at place: Place, after answer: String) -> [String]? {
        guard place.kind == .tmux, let socket = place.socket, !answer.hasPrefix("on\n") else { return nil }
        var refresh: [String] = []
        for client in answer.split(separator: "\n").dropFirst() {
            let fields = client.split(separator: "\t")
            guard fields.count == 2 else { continue }
            if !refresh.isEmpty { refresh.append(";") }
            refresh += ["switch-client", "-E", "-c", String(fields[0]), "-t", String(fields[1])]
        }
        return refresh.isEmpty ? nil : ["tmux", "-S", socket] + refresh
    }
}

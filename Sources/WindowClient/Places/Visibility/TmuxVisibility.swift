/// Whether tmux shows a pane, and when to ask again, from tmux's own interface: global hooks
/// that signal a `wait-for` channel (appended with `set-hook -ga`, so that the user's hooks stay,
/// and removed by their channel), and a query of formats before each wait on it. A hook signals
/// only where what its pane's visibility depends on (``trigger``) differs from what the last
/// query saw, kept in a pane option named as the channel: a hook wakes the watchers whose pane
/// it may have shown or hidden, not every watcher of the server.
///
/// A pane is shown while an attached client that is not in control mode (`tmux -C`, which
/// shows nothing to anyone) shows its window, and no other pane of that window is zoomed.
///
/// ```swift
/// ProcessRunner.run(TmuxVisibility.install(socket: socket, channel: channel))
/// // Prints the clients' and the pane's windows, then waits for a hook.
/// let argv = TmuxVisibility.queryThenWait(socket: socket, pane: pane, channel: channel)
/// ```
public enum TmuxVisibility {
    /// The hooks after which a pane may have been shown or hidden: a client came, went or
    /// switched session, a session's current window changed, a window was linked or unlinked,
    /// a pane was selected or zoomed.
    static let hooks = [
        "client-attached", "client-detached", "client-session-changed", "session-window-changed",
        "window-linked", "window-unlinked", "after-select-pane", "after-resize-pane",
    ]

    /// The prefix of every channel a watcher signals; the rest is its process id and pane.
    static let channelPrefix = "windowd-visibility-"

    /// The `wait-for` channel of the watcher of `pane` in process `pid`.
    public static func channel(pid: Int32, pane: String) -> String {
        channelPrefix + "\(pid)-" + pane.filter(\.isNumber)
    }

    /// What a pane's visibility follows, as a format of the pane: its window, how many clients
    /// show that window (a control client counts too: a trigger, not the answer) and, while the
    /// window is zoomed, whether the pane is the zoomed one.
    package static let trigger = "#{window_id}.#{window_active_clients}.#{?window_zoomed_flag,#{pane_active},}"

    /// The argv that appends, to each hook, a command that signals `channel` when `pane`'s
    /// ``trigger`` is not what the last query of `channel` saw.
    public static func install(socket: String, channel: String, pane: String) -> [String] {
        var arguments = ["tmux", "-S", socket]
        for (index, hook) in hooks.enumerated() {
            if index > 0 { arguments.append(";") }
            let changed = "'#{!=:\(trigger),#{@\(channel)}}'"
            arguments += ["set-hook", "-ga", hook, "if-shell -F -t \(pane) \(changed) 'wait-for -S \(channel)'"]
        }
        return arguments
    }

    /// The argv that lists the global hooks, for ``uninstall(socket:hooks:removing:)``.
    public static func listHooks(socket: String) -> [String] {
        ["tmux", "-S", socket, "show-hooks", "-g"]
    }

    /// The argv that removes the hooks in `show-hooks -g`'s `output` that signal a channel for
    /// which `removing` says yes; `nil` when there is none.
    public static func uninstall(socket: String, hooks output: String, removing: (String) -> Bool) -> [String]? {
        let entries = hookEntries(output).filter { removing($0.channel) }
        guard !entries.isEmpty else { return nil }
        var arguments = ["tmux", "-S", socket]
        for (index, entry) in entries.enumerated() {
            if index > 0 { arguments.append(";") }
            arguments += ["set-hook", "-gu", entry.hook]
        }
        return arguments
    }

    /// The entries of `show-hooks -g`'s output that signal a watcher's channel, the command
    /// ending in `wait-for -S CHANNEL` (quoted inside an `if-shell`, or alone as an older watcher
    /// left it): the indexed hook and the channel.
    static func hookEntries(_ output: String) -> [(hook: String, channel: String)] {
        output.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 4, words[0].hasSuffix("]"), words[words.count - 3].hasSuffix("wait-for"),
                words[words.count - 2] == "-S"
            else { return nil }
            let channel = words[words.count - 1].filter { $0 != "\"" && $0 != "'" }
            return channel.hasPrefix(channelPrefix) ? (String(words[0]), channel) : nil
        }
    }

    /// The process id in a watcher's `channel`, to tell whether its watcher is still there.
    public static func process(ofChannel channel: String) -> Int32? {
        guard channel.hasPrefix(channelPrefix) else { return nil }
        return Int32(channel.dropFirst(channelPrefix.count).prefix { $0 != "-" })
    }

    /// The argv of one tmux client that asks which window each client shows, then `pane`'s window
    /// and zoom, notes the pane's ``trigger`` as seen, and then waits until `channel` is signalled
    /// (at once if it was since the last wait). The server runs them in one go, so that no hook
    /// runs between the answer and the wait: a change is either in the answer or ends the wait.
    /// (Two signals while no one waits leave tmux's channel unsignalled, which a separate wait
    /// would miss.)
    public static func queryThenWait(socket: String, pane: String, channel: String) -> [String] {
        [
            "tmux", "-S", socket, "list-clients", "-F", "#{client_control_mode} #{window_id}", ";",
            "display-message", "-p", "-t", pane, "#{window_id} #{window_zoomed_flag} #{pane_active}", ";",
            "set-option", "-p", "-F", "-t", pane, "@" + channel, trigger, ";", "wait-for", channel,
        ]
    }

    /// Whether the pane is shown, from ``queryThenWait(socket:pane:channel:)``'s output: one line per client
    /// (`0 @3`), then the pane's own (`@3 0 1`); `nil` if the output is not that.
    public static func visibility(fromQuery output: String) -> Visibility? {
        let lines = output.split(separator: "\n")
        guard let last = lines.last else { return nil }
        let pane = last.split(separator: " ")
        guard pane.count == 3, pane[0].hasPrefix("@") else { return nil }
        if pane[1] == "1" && pane[2] != "1" { return .hidden }
        let shown = lines.dropLast().contains { line in
            let client = line.split(separator: " ")
            return client.count == 2 && client[0] == "0" && client[1] == pane[0]
        }
        return shown ? .shown : .hidden
    }
}

/// Whether tmux shows a pane, and when to ask again, from tmux's own interface: global hooks
/// that signal a `wait-for` channel (appended with `set-hook -ga`, so that the user's hooks stay,
/// and removed by their channel), and a query of formats before each wait on it.
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

    /// The argv that appends, to each hook, a command that signals `channel`.
    public static func install(socket: String, channel: String) -> [String] {
        var arguments = ["tmux", "-S", socket]
        for (index, hook) in hooks.enumerated() {
            if index > 0 { arguments.append(";") }
            arguments += ["set-hook", "-ga", hook, "wait-for -S \(channel)"]
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

    /// The entries of `show-hooks -g`'s output (`session-window-changed[2] wait-for -S CHANNEL`)
    /// that signal a watcher's channel: the indexed hook and the channel.
    static func hookEntries(_ output: String) -> [(hook: String, channel: String)] {
        output.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 4, words[1] == "wait-for", words[2] == "-S", words[3].hasPrefix(channelPrefix),
                words[0].hasSuffix("]")
            else { return nil }
            return (String(words[0]), String(words[3]))
        }
    }

    /// The process id in a watcher's `channel`, to tell whether its watcher is still there.
    public static func process(ofChannel channel: String) -> Int32? {
        guard channel.hasPrefix(channelPrefix) else { return nil }
        return Int32(channel.dropFirst(channelPrefix.count).prefix { $0 != "-" })
    }

    /// The argv of one tmux client that asks which window each client shows, then `pane`'s window
    /// and zoom, and then waits until `channel` is signalled (at once if it was since the last
    /// wait). The server runs the three in one go, so that no hook runs between the answer and
    /// the wait: a change is either in the answer or ends the wait. (Two signals while no one
    /// waits leave tmux's channel unsignalled, which a separate wait would miss.)
    public static func queryThenWait(socket: String, pane: String, channel: String) -> [String] {
        [
            "tmux", "-S", socket, "list-clients", "-F", "#{client_control_mode} #{window_id}", ";",
            "display-message", "-p", "-t", pane, "#{window_id} #{window_zoomed_flag} #{pane_active}", ";",
            "wait-for", channel,
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

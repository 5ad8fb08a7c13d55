/// The config windowd runs on when no file is found: the same text as `config/windowd.toml`
/// (a test keeps the two equal).
package enum EmbeddedConfig {
    /// The TOML text.
    package static let text = """
        # windowd configuration (windowd.toml(5)). Every key shows its default.

        [daemon]
        socket = ""                   # empty: $WINDOWD_SOCKET, else $XDG_RUNTIME_DIR/windowd/windowd.sock, else /run/windowd (root) or /tmp/windowd-$UID
        max_message_bytes = 65536     # one request line, \\n or \\r\\n excluded
        max_clients = 1024            # each an open file: the soft RLIMIT_NOFILE is raised to this + 64
        outbound_soft_bytes = 8388608 # a client's unsent events: over this for outbound_soft_seconds,
        outbound_soft_seconds = 60    # or over outbound_hard_bytes at all, and it is disconnected
        outbound_hard_bytes = 33554432
        max_windows = 100000
        max_storage_bytes = 65536     # scene storage per window
        allowed_uids = []             # besides the daemon's own uid and root
        allowed_group = ""            # a group whose members may connect (the socket becomes 0660)

        [state]
        directory = ""                # empty: $STATE_DIRECTORY, else $XDG_STATE_HOME/windowd, else /var/lib/windowd as root
        durability = "normal"         # "full": fsync every commit
        on_damage = "move-aside"      # a damaged or newer database: "move-aside" (renamed, logged, fresh start) or "refuse"

        [app]
        session_ttl_seconds = 43200
        minimum_loading_ms = 300
        phase_settle_ms = 150          # the aggregate phase moves down only after the lower value held this long (0: at once)
        launch_timeout_ms = 30000      # a started presenter is waited for this long (or until it attaches or its process ends) before an open starts it again
        validate_command = []         # e.g. ["/usr/local/libexec/windowd-validate", "{user}"]

        [groups.main]
        value = "none"

        [groups.detail]
        value = "int"                 # none | int | string | uuid | path (files: made absolute by the client)
        # What presents one window: started by the opener (winctl open, WindowKit's openWindow)
        # in a new terminal window where it is: a tmux or screen window of its session, a kitty
        # window, a window of its terminal emulator under X11 or Wayland (windowd.toml(5)).
        command = ["winctl", "attach", "{id}"]
        # Instead of command: any program, run by `winctl run GROUP --value=VALUE -- PROGRAM ...` in
        # that new terminal window, e.g. run = ["vim", "--", "{value}"] for a group of value type path
        # ({value} after "--" in run, command and launch: a value is never taken for an option).
        run = []
        # A whole argv the daemon runs itself instead, overriding the place, e.g.
        # launch = ["tmux", "new-window", "-n", "detail-{value}", "winctl", "attach", "{id}"]
        launch = []
        restore = true
        requires_auth = false

        [groups.notes]
        value = "string"

        [groups.orders]
        value = "uuid"
        requires_auth = true

        """
}

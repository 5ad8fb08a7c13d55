/// How each terminal emulator is told to open a window running an argv, with a title.
public enum TerminalEmulator {
    /// The argv that opens a window of `program` (a name or a path) running `argv` titled
    /// `title`, keeping `argv` as separate arguments; unknown emulators get `-e argv…`, which
    /// xterm and its heirs understand.
    public static func command(program: String, title: String, argv: [String]) -> [String] {
        switch name(of: program) {
        case "xterm", "uxterm", "lxterm", "x-terminal-emulator":
            return [program, "-T", title, "-e"] + argv
        case "alacritty":
            return [program, "--title", title, "-e"] + argv
        case "foot", "footclient":
            return [program, "--title", title, "--"] + argv
        case "kitty":
            return [program, "--title", title] + argv
        case "wezterm", "wezterm-gui":
            return [program, "start", "--"] + argv
        case "gnome-terminal", "kgx", "ptyxis":
            return [program, "--title", title, "--"] + argv
        case "urxvt", "rxvt", "rxvt-unicode":
            return [program, "-title", title, "-e"] + argv
        case "st":
            return [program, "-t", title, "-e"] + argv
        case "xdg-terminal-exec":
            return [program] + argv
        default:
            return [program, "-e"] + argv
        }
    }

    /// The emulators recognised by name: only these are taken as "the opener's terminal" from
    /// a process (an sshd or a login shell is not a terminal to open).
    public static let known: Set<String> = [
        "xterm", "uxterm", "lxterm", "alacritty", "foot", "kitty", "wezterm-gui", "gnome-terminal-server",
        "urxvt", "rxvt", "rxvt-unicode", "st", "konsole", "xfce4-terminal", "terminator", "tilix",
    ]

    /// The program to start for the emulator process running `executable` (gnome-terminal's
    /// server is started through `gnome-terminal`, wezterm's GUI through `wezterm`).
    public static func program(forRunning executable: String) -> String? {
        switch name(of: executable) {
        case "gnome-terminal-server": return "gnome-terminal"
        case "wezterm-gui": return "wezterm"
        case let name where known.contains(name): return executable
        default: return nil
        }
    }

    /// The last path component.
    static func name(of program: String) -> String {
        program.split(separator: "/").last.map(String.init) ?? program
    }
}

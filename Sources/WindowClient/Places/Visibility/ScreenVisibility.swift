/// Whether GNU screen shows one of its windows, from `screen -Q windows`: the window marked
/// current (`*`) is shown, and only while a display is attached (detached, no window is marked).
/// screen has no events and sends no focus reports, so a watcher asks every ``interval`` (the
/// cost is in ARCHITECTURE.md, "Visibility").
public enum ScreenVisibility {
    /// How often a watcher asks: often enough to see a change within a quarter second.
    public static let interval: Duration = .milliseconds(200)

    /// The argv that lists session `session`'s windows.
    public static func query(session: String) -> [String] {
        ["screen", "-S", session, "-Q", "windows"]
    }

    /// The windows in `-Q windows`'s output (`0* sleep  1- two`: entries two spaces apart, each
    /// a number, flags and a title): each one's number and whether it is the current one.
    public static func windows(in output: String) -> [(number: String, current: Bool)] {
        output.split(separator: "  ", omittingEmptySubsequences: true).compactMap { entry in
            let entry = entry.drop { $0 == " " }
            let number = entry.prefix { $0.isNumber }
            guard !number.isEmpty else { return nil }
            let flags = entry.dropFirst(number.count).prefix { $0 != " " }
            return (String(number), flags.contains("*"))
        }
    }

    /// Whether window `window` is shown, from `-Q windows`'s output; `nil` if it is not listed.
    public static func visibility(ofWindow window: String, inWindows output: String) -> Visibility? {
        guard let entry = windows(in: output).first(where: { $0.number == window }) else { return nil }
        return entry.current ? .shown : .hidden
    }
}

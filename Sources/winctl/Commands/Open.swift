import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl open GROUP [VALUE]`: open a window, or bring the one already open for that value to front.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Open a window of a group for a value, or bring the one already open to front.",
            discussion: "VALUE is sent as a string; the daemon types it by the group (\"42\" is 42 for an int group)."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window group's id.")
        var group: String

        @Argument(help: "The value to open the window for; omit it for a group of value type none.")
        var value: String?

        func run() throws {
            try DaemonClient(options).perform(WindowOpen.self, WindowOpen.Params(group: group, value: value.map(JSONValue.string))) { result in
                [result.window.id + (result.created ? " created" : " already open, brought to front")]
            }
        }
    }
}

extension Winctl.Open: PlainValuesCommand {
    static let valueCount = 1...2

    init(options: GlobalOptions, values: [String]) {
        self.init()
        self.options = options
        group = values[0]
        value = values.count > 1 ? values[1] : nil
    }
}

/// `window.close`: close a window; its presenter is dismissed and its storage destroyed. Or,
/// with `quit`, first ask the program of a group that declares how to quit it.
public enum WindowClose: RPCMethod {
    /// The wire name.
    public static let name = "window.close"

    /// The window to close, by id, and whether to ask its program first.
    public struct Params: Codable, Sendable {
        /// The window's id.
        public var id: String
        /// Ask the program to quit, where the window's group declares how (`quit_keys`, windowd.toml(5))
        /// and a presenter shows it, instead of closing the window now.
        public var quit: Bool?
        /// Params closing window `id`, asking its program first with `quit`.
        public init(id: String, quit: Bool? = nil) {
            self.id = id
            self.quit = quit
        }
    }

    /// The window as it was closed (detached and `background`), or as it is, asked to quit.
    public struct Result: Codable, Sendable {
        /// The window.
        public var window: WindowInfo
        /// Present when its presenter was asked to quit its program instead: the window closes
        /// when the program ends, which it may refuse (unsaved work).
        public var asked: Asked?
        /// A reply for `window`.
        public init(window: WindowInfo, asked: Asked? = nil) {
            self.window = window
            self.asked = asked
        }
    }

    /// A program asked to quit.
    public struct Asked: Codable, Sendable, Equatable {
        /// Its name, the first word of the group's `run` (`vim`).
        public var program: String
        /// How long the group says to wait for it (`quit_wait_ms`).
        public var waitMs: Int
        /// `program`, waited for `waitMs`.
        public init(program: String, waitMs: Int) {
            self.program = program
            self.waitMs = waitMs
        }
    }
}

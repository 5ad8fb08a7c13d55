/// Request lines as a client writes them (without the newline): the wire protocol, which the
/// hot-path rewrite leaves as it is.
enum RequestLine {
    /// `window.open` of `group` with the JSON `value` (`nil`: none), request `id`.
    static func open(group: String, value: String?, id: Int = 1) -> String {
        let value = value.map { #","value":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"window.open","params":{"group":"\#(group)"\#(value)}}"#
    }

    /// `window.attach` by group and value, presenting in `phase`.
    static func attach(group: String, value: String, phase: String) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"\#(group)","value":\#(value),"phase":"\#(phase)"}}"#
    }

    /// `window.list` of every group.
    static let list = #"{"jsonrpc":"2.0","id":1,"method":"window.list"}"#

    /// `scene.setPhase` of window `window` (its id) to `phase`.
    static func setPhase(window: String, phase: String) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"scene.setPhase","params":{"id":"\#(window)","phase":"\#(phase)"}}"#
    }

    /// `window.focus` of window `window` (its id).
    static func focus(window: String) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"window.focus","params":{"id":"\#(window)"}}"#
    }

    /// A JSON-RPC batch of `requests`, answered in one line.
    static func batch(_ requests: [String]) -> String {
        "[" + requests.joined(separator: ",") + "]"
    }
}

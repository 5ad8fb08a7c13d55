/// A key, a paste or a focus report, as ``InputDecoder`` reads them from a terminal in raw mode.
///
/// ```swift
/// switch key {
/// case .up, .character("k"): selection -= 1
/// case .enter: open(selection)
/// case .control("c"), .character("q"): return 0
/// case .paste(let text): name += text
/// default: break
/// }
/// ```
public enum Key: Hashable, Sendable {
    /// Printable text, one character (UTF-8 decoded; the space bar is `character(" ")`).
    case character(Character)
    /// Return or Enter (CR; LF and Ctrl-J too).
    case enter
    /// Tab (Ctrl-I).
    case tab
    /// Shift-Tab (`CSI Z`).
    case backTab
    /// Backspace (DEL, or BS as some terminals send it: Ctrl-H).
    case backspace
    /// The Escape key on its own (a lone `ESC`).
    case escape
    /// An arrow key (`CSI A`…`D`, or `ESC O A`…`D` in application cursor mode).
    case up, down, right, left
    /// Home and End (`CSI H`/`F`, `CSI 1~`/`4~`, `CSI 7~`/`8~`).
    case home, end
    /// Page Up and Page Down (`CSI 5~`, `CSI 6~`).
    case pageUp, pageDown
    /// Insert and Delete (`CSI 2~`, `CSI 3~`).
    case insert, delete
    /// A function key, F1 to F12.
    case function(Int)
    /// Ctrl with a letter or one of `@ \ ] ^ _`, lower case: `control("c")` is Ctrl-C. Ctrl-H,
    /// Ctrl-I, Ctrl-J and Ctrl-M read as ``backspace``, ``tab`` and ``enter``, as terminals send them.
    case control(Character)
    /// Text pasted while bracketed paste is on (`CSI ?2004h`; ``TerminalMode`` asks for it): one
    /// value, its newlines included, never taken for keys.
    case paste(String)
    /// `CSI I`: the terminal got the focus (asked for with `CSI ?1004h`).
    case focusIn
    /// `CSI O`: the terminal lost the focus.
    case focusOut
    /// Any other sequence (a key with Shift, Alt or Ctrl held, F13 and beyond), its bytes whole.
    case unknown([UInt8])
}

/// The escape sequences the terminal presenter writes (ECMA-48, xterm's private modes).
public enum ControlSequence {
    /// Switches to the alternate screen, saving the cursor (xterm mode 1049).
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Back to the normal screen and the saved cursor.
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Asks the terminal to report focus in (`CSI I`) and out (`CSI O`) (xterm mode 1004).
    public static let enableFocusReporting = "\u{1B}[?1004h"
    /// Stops focus reports.
    public static let disableFocusReporting = "\u{1B}[?1004l"
    /// Asks the terminal to bracket pasted text with `CSI 200~` and `CSI 201~` (xterm mode
    /// 2004), so that a paste reads as one ``Key/paste(_:)``, not as keys.
    public static let enableBracketedPaste = "\u{1B}[?2004h"
    /// Pasted text comes as typed again.
    public static let disableBracketedPaste = "\u{1B}[?2004l"
    /// Starts a synchronized update: the terminal shows nothing until it ends (mode 2026).
    public static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    /// Ends a synchronized update: the terminal shows the whole of it at once.
    public static let endSynchronizedUpdate = "\u{1B}[?2026l"
    /// Hides the cursor.
    public static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor.
    public static let showCursor = "\u{1B}[?25h"
    /// Clears the whole screen.
    public static let clearScreen = "\u{1B}[2J"
    /// Clears from the cursor to the end of the line.
    public static let clearToEndOfLine = "\u{1B}[K"
    /// Back to the terminal's own colours and weight.
    public static let resetStyle = "\u{1B}[0m"
    /// Bold.
    public static let bold = "\u{1B}[1m"
    /// Reverse video.
    public static let inverse = "\u{1B}[7m"
    /// Saves the window title on xterm's title stack.
    public static let pushTitle = "\u{1B}[22;0t"
    /// Restores the title saved by ``pushTitle``.
    public static let popTitle = "\u{1B}[23;0t"
    /// The bell.
    public static let bell = "\u{07}"

    /// Moves the cursor to `row` and `column`, both from 0.
    public static func moveTo(row: Int, column: Int = 0) -> String {
        "\u{1B}[\(row + 1);\(column + 1)H"
    }

    /// Sets the window (and icon) title to `title` (OSC 0), without control characters and cut
    /// to ``titleLimit`` characters with `…`: a window's value of 60 KB never makes a title of 60 KB.
    public static func title(_ title: String) -> String {
        var clean = title.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        if clean.count > titleLimit {
            clean = String.UnicodeScalarView(clean.prefix(titleLimit - 1))
            clean.append("…")
        }
        return "\u{1B}]0;\(String(clean))\u{07}"
    }

    /// The most characters a title holds: more than a title bar shows.
    public static let titleLimit = 200
}

import Testing
import WindowKit

@Suite("Terminal screen: each frame written as the rows that changed, in one synchronized update")
struct TerminalScreenTests {
    let size = TerminalSize(columns: 6, rows: 3)

    func frame(_ texts: [String]) -> Frame {
        Frame(size: size, lines: texts.map { ScreenLine($0) })
    }

    @Test("the first frame clears the screen and is drawn whole")
    func first() {
        var screen = TerminalScreen()
        let text = String(decoding: screen.update(to: frame(["ab", "", "cd"])), as: UTF8.self)
        #expect(
            text == "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J" + "\u{1B}[1;1H\u{1B}[Kab" + "\u{1B}[3;1H\u{1B}[Kcd"
                + "\u{1B}[?2026l"
        )
        #expect(screen.shown == frame(["ab", "", "cd"]))
    }

    @Test("the next frame writes only the changed row; the same frame writes nothing")
    func changes() {
        var screen = TerminalScreen()
        _ = screen.update(to: frame(["ab", "x", "cd"]))
        let text = String(decoding: screen.update(to: frame(["ab", "y", "cd"])), as: UTF8.self)
        #expect(text == "\u{1B}[?2026h" + "\u{1B}[2;1H\u{1B}[Ky" + "\u{1B}[?2026l")
        #expect(screen.update(to: frame(["ab", "y", "cd"])).isEmpty)
    }

    @Test("after forget (a resize, a suspend) the next frame is drawn whole again")
    func forget() {
        var screen = TerminalScreen()
        _ = screen.update(to: frame(["ab"]))
        screen.forget()
        #expect(screen.shown == nil)
        let text = String(decoding: screen.update(to: frame(["ab"])), as: UTF8.self)
        #expect(text == "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[Kab\u{1B}[?2026l")
    }
}

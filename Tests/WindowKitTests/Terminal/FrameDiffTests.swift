import Testing
import WindowKit

@Suite("Frame diff: only the rows that changed, in one synchronized update")
struct FrameDiffTests {
    let size = TerminalSize(columns: 10, rows: 4)

    func frame(_ texts: [String]) -> Frame {
        Frame(size: size, lines: texts.map { ScreenLine($0) })
    }

    @Test("a first frame clears the screen and draws every line that is not blank")
    func firstFrame() {
        let diff = FrameDiff(from: nil, to: frame(["a", "", "c"]))
        #expect(diff.clearsScreen)
        #expect(diff.updates.map(\.row) == [0, 2])
    }

    @Test("the same frame again draws nothing, and encodes to no bytes")
    func unchanged() {
        let diff = FrameDiff(from: frame(["a", "b"]), to: frame(["a", "b"]))
        #expect(diff.isEmpty)
        #expect(FrameEncoder.bytes(for: diff).isEmpty)
    }

    @Test("only the changed rows are rewritten, a style change included")
    func changedRows() {
        let old = Frame(
            size: size,
            lines: [ScreenLine("title", style: .inverse), ScreenLine("x"), ScreenLine("y"), ScreenLine("z")]
        )
        let new = Frame(
            size: size,
            lines: [
                ScreenLine("title", style: .inverse), ScreenLine("x"), ScreenLine("Y"), ScreenLine("z", style: .bold),
            ]
        )
        let diff = FrameDiff(from: old, to: new)
        #expect(!diff.clearsScreen)
        #expect(
            diff.updates == [
                FrameDiff.Update(row: 2, line: ScreenLine("Y")),
                FrameDiff.Update(row: 3, line: ScreenLine("z", style: .bold)),
            ]
        )
    }

    @Test("a new terminal size redraws everything")
    func resize() {
        let bigger = Frame(size: TerminalSize(columns: 12, rows: 4), lines: [ScreenLine("a")])
        let diff = FrameDiff(from: frame(["a"]), to: bigger)
        #expect(diff.clearsScreen)
        #expect(diff.updates.map(\.row) == [0])
    }

    @Test("frames are cut to the size; inverse lines are padded to the width")
    func fitting() {
        let frame = Frame(
            size: size,
            lines: [ScreenLine("0123456789abc"), ScreenLine("bar", style: .inverse)]
                + Array(repeating: ScreenLine("more"), count: 9)
        )
        #expect(frame.lines.count == 4)
        #expect(frame.lines[0].text == "0123456789")
        #expect(frame.lines[1].text == "bar       ")
        #expect(frame.text[1] == "bar")
    }

    @Test("the bytes: begin sync, erase and write each changed row at its place, end sync")
    func encoding() {
        let old = frame(["a", "b", "c"])
        let new = Frame(size: size, lines: [ScreenLine("a"), ScreenLine("B", style: .inverse), ScreenLine("c")])
        let text = String(decoding: FrameEncoder.bytes(for: FrameDiff(from: old, to: new)), as: UTF8.self)
        #expect(text == "\u{1B}[?2026h" + "\u{1B}[2;1H\u{1B}[K" + "\u{1B}[7mB         \u{1B}[0m" + "\u{1B}[?2026l")
    }

    @Test("a full redraw clears the screen inside the synchronized update")
    func fullRedrawBytes() {
        let text = String(decoding: FrameEncoder.bytes(for: FrameDiff(from: nil, to: frame(["hi"]))), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[Khi"))
        #expect(text.hasSuffix("\u{1B}[?2026l"))
    }
}

/// Turns a ``FrameDiff`` into the bytes that draw it, inside one synchronized update.
public enum FrameEncoder {
    /// The bytes that draw `diff`: nothing if it is empty, else a synchronized update that
    /// clears the screen if asked, and erases and rewrites each changed row.
    ///
    /// A row is erased before it is written, not after: after a line as wide as the screen
    /// the cursor waits on the last column, and erasing there would take its character.
    public static func bytes(for diff: FrameDiff) -> [UInt8] {
        guard !diff.isEmpty else { return [] }
        var out = ControlSequence.beginSynchronizedUpdate
        if diff.clearsScreen { out += ControlSequence.resetStyle + ControlSequence.clearScreen }
        for update in diff.updates {
            out += ControlSequence.moveTo(row: update.row) + ControlSequence.clearToEndOfLine
            switch update.line.style {
            case .plain:
                out += update.line.text
            case .bold:
                out += ControlSequence.bold + update.line.text + ControlSequence.resetStyle
            case .inverse:
                out += ControlSequence.inverse + update.line.text + ControlSequence.resetStyle
            }
        }
        out += ControlSequence.endSynchronizedUpdate
        return Array(out.utf8)
    }
}

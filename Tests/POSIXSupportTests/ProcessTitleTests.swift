import Testing

@testable import POSIXSupport

/// The arguments `winctl run` writes over its own, as the kernel shows them in `/proc/PID/cmdline`.
@Suite("Process title")
struct ProcessTitleTests {
    @Test("the program's arguments, each ended by a NUL, filled with NULs to the room there is")
    func fits() {
        #expect(ProcessTitle.arguments(["vim", "a b"], fitting: 12) == Array("vim\0a b\0\0\0\0\0".utf8))
        #expect(ProcessTitle.arguments(["vim", "notes.md"], fitting: 13) == Array("vim\0notes.md\0".utf8))
    }

    @Test("cut to the room there is, the last byte a NUL; none at all for no room")
    func cut() {
        #expect(ProcessTitle.arguments(["vim", "notes.md"], fitting: 8) == Array("vim\0not\0".utf8))
        #expect(ProcessTitle.arguments(["vim"], fitting: 1) == [0])
        #expect(ProcessTitle.arguments(["vim"], fitting: 0) == [])
    }

    @Test("this process's arguments are found where the kernel keeps them")
    func area() throws {
        let area = try #require(ProcessTitle.argumentArea())
        let cmdline = try WholeFile.read("/proc/self/cmdline")
        #expect(area.end - area.start == cmdline.count)
    }
}

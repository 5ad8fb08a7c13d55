import Testing
import WindowKit

/// ``WindowValue/path(_:relativeTo:)``: the value of a `path` group, normal as winctl makes it.
@Suite("WindowValue.path: a file as a window value")
struct WindowValuePathTests {
    @Test("absolute against the directory, normal, a string on the wire")
    func normal() {
        #expect(WindowValue.path("notes.md", relativeTo: "/nonexistent/a") == .string("/nonexistent/a/notes.md"))
        #expect(WindowValue.path("./b/../notes.md", relativeTo: "/nonexistent/a") == .string("/nonexistent/a/notes.md"))
        #expect(WindowValue.path("/nonexistent//a/./dir/") == .string("/nonexistent/a/dir"))
        #expect(WindowValue.path("/nonexistent/x").json == .string("/nonexistent/x"))
    }
}

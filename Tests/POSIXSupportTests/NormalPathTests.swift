import POSIXSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `NormalPath`: a `path` group's value, made absolute and normal by the client (windowd.toml(5), "path").
@Suite("Normal paths: absolute against a directory, links resolved where the file exists")
struct NormalPathTests {
    /// A file system where nothing exists: only the lexical rules apply.
    static func nothingExists(_ path: String) -> String? { nil }

    @Test(
        "relative paths join the directory; ., .., // and a trailing / are folded; the empty path stays empty",
        arguments: [
            ("notes.md", "/home/a", "/home/a/notes.md"),
            ("./notes.md", "/home/a", "/home/a/notes.md"),
            ("../b/notes.md", "/home/a", "/home/b/notes.md"),
            ("/home/a/./notes.md", "/", "/home/a/notes.md"),
            ("//home///a//notes.md", "/", "/home/a/notes.md"),
            ("dir/", "/home/a", "/home/a/dir"),
            ("../../../..", "/home/a", "/"),
            ("", "/home/a", ""),
            (".", "/", "/"),
            ("a/b/../../c", "/x", "/x/c"),
        ]
    )
    func lexical(path: String, directory: String, normal: String) {
        #expect(NormalPath.of(path, from: directory, realPath: Self.nothingExists) == normal)
    }

    @Test("the deepest part that exists is the file system's own name; the rest is joined on")
    func resolvesWhatExists() {
        // /home/a is a link to /srv/users/a; nothing below it exists.
        let files: (String) -> String? = { path in
            switch path {
            case "/": return "/"
            case "/home": return "/home"
            case "/home/a": return "/srv/users/a"
            case "/home/a/notes.md": return "/srv/users/a/notes.md"
            default: return nil
            }
        }
        #expect(NormalPath.of("notes.md", from: "/home/a", realPath: files) == "/srv/users/a/notes.md")
        #expect(NormalPath.of("new/../draft.md", from: "/home/a", realPath: files) == "/srv/users/a/draft.md")
        #expect(NormalPath.of("/home/a/missing/x", from: "/", realPath: files) == "/srv/users/a/missing/x")
    }

    @Test("on the real file system: a link, a directory, a file that does not exist yet")
    func realFiles() throws {
        var template = Array("/tmp/normal-path-XXXXXX".utf8CString)
        let made = String(cString: try #require(mkdtemp(&template)))
        let root = try #require(NormalPath.realPath(made))  // /tmp itself may be a link
        defer {
            unlink(root + "/link")
            unlink(root + "/real/notes.md")
            rmdir(root + "/real")
            rmdir(root)
        }
        #expect(mkdir(root + "/real", 0o700) == 0)
        close(creat(root + "/real/notes.md", 0o600))
        #expect(symlink(root + "/real", root + "/link") == 0)

        let file = root + "/real/notes.md"
        #expect(NormalPath.of("notes.md", from: root + "/real") == file)
        #expect(NormalPath.of("./link/./notes.md", from: root) == file, "a link to the directory is the directory")
        #expect(NormalPath.of(root + "/link//notes.md") == file)
        #expect(NormalPath.of("link/../real/notes.md", from: root) == file)
        #expect(NormalPath.of("link/", from: root) == root + "/real")
        #expect(NormalPath.of("link/new.md", from: root) == root + "/real/new.md", "a new file in a linked directory")
        #expect(NormalPath.of("missing/new.md", from: root) == root + "/missing/new.md")
        #expect(
            NormalPath.of("notes.md/x", from: root + "/real") == file + "/x",
            "a file is no directory: joined on as written"
        )
    }

    @Test("relative to the working directory by default")
    func workingDirectory() throws {
        let here = NormalPath.currentDirectory()
        #expect(here.hasPrefix("/"))
        #expect(NormalPath.of("no-such-file-here") == NormalPath.of("no-such-file-here", from: here))
    }
}

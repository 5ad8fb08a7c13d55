import Testing
import WindowEngine
import WindowProtocol

/// A `path` group takes absolute file paths; clients make them absolute (windowd.toml(5), "path").
@Suite("Path values")
struct PathValueTests {
    @Test(
        "an absolute path is kept; //, /./ and a trailing / name the same file and fold away",
        arguments: [
            ("/home/a/notes.md", "/home/a/notes.md"), ("/home//a/./notes.md", "/home/a/notes.md"),
            ("/home/a/dir/", "/home/a/dir"), ("/", "/"), ("//", "/"), ("/./", "/"),
        ]
    )
    func absolute(text: String, kept: String) throws {
        #expect(try WindowValue.parse(.string(text), as: .path, group: "file") == .path(kept))
        #expect(try WindowValue.parse(.string(text), as: .path, group: "file").json == .string(kept))
    }

    @Test(
        "a relative path, a .. component, a number or no value is refused with invalid_value",
        arguments: [
            JSONValue.string("notes.md"), .string("./notes.md"), .string("~/notes.md"), .string(""),
            .string("/home/a/../b"), .int(3), .null,
        ]
    )
    func refused(value: JSONValue) {
        do {
            let parsed = try WindowValue.parse(value, as: .path, group: "file")
            Issue.record("\(value.jsonText) was accepted as a path (\(parsed))")
        } catch {
            #expect(error.reason == .invalidValue)
        }
    }

    @Test("the refusal of a relative path says what to give and names the value and the group")
    func relativeMessage() {
        #expect(throws: Refusal.self) { try WindowValue.parse(.string("notes.md"), as: .path, group: "file") }
        do {
            _ = try WindowValue.parse(.string("notes.md"), as: .path, group: "file")
        } catch {
            #expect(
                error.message.contains("\"notes.md\"") && error.message.contains("'file'")
                    && error.message.contains("absolute path"),
                "\(error.message)"
            )
        }
    }

    @Test("two spellings of one absolute path open one window")
    func oneWindow() throws {
        var coordinator = SceneCoordinator(
            groups: [WindowGroup(id: "file", valueType: .path)],
            limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100)
        )
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        var ids = WindowIDSource(seed: 1)
        let first = try coordinator.open(
            group: "file",
            value: .string("/srv/notes.md"),
            now: 1,
            ids: &ids,
            effects: &effects
        )
        let second = try coordinator.open(
            group: "file",
            value: .string("/srv/./notes.md"),
            now: 2,
            ids: &ids,
            effects: &effects
        )
        #expect(first.created && !second.created)
        #expect(second.window.id == first.window.id)
    }
}

/// window.open carries a string value as typed and as the opener's absolute path
/// (windowd-protocol(7), window.open): the group's type decides which one counts.
@Suite("The opener's path beside the value")
struct OpenerPathTests {
    @Test("a path group takes the opener's path instead of the value as typed; an int or string group ignores it")
    func groupTypeDecides() throws {
        let groups = [
            WindowGroup(id: "file", valueType: .path), WindowGroup(id: "detail", valueType: .int),
            WindowGroup(id: "notes", valueType: .string),
        ]
        var coordinator = SceneCoordinator(groups: groups, limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100))
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        var ids = WindowIDSource(seed: 1)
        let file = try coordinator.open(
            group: "file",
            value: .string("notes.md"),
            path: "/srv/a/notes.md",
            now: 1,
            ids: &ids,
            effects: &effects
        )
        #expect(file.window.value == .path("/srv/a/notes.md"))
        let again = try coordinator.open(
            group: "file",
            value: .string("a/notes.md"),
            path: "/srv/a/notes.md",
            now: 2,
            ids: &ids,
            effects: &effects
        )
        #expect(!again.created && again.window.id == file.window.id)
        let detail = try coordinator.open(
            group: "detail",
            value: .string("42"),
            path: "/srv/a/42",
            now: 3,
            ids: &ids,
            effects: &effects
        )
        #expect(detail.window.value == .int(42))
        let note = try coordinator.open(
            group: "notes",
            value: .string("./todo"),
            path: "/srv/a/todo",
            now: 4,
            ids: &ids,
            effects: &effects
        )
        #expect(note.window.value == .string("./todo"))
    }
}

/// A group with `run` is presented by `winctl run` of its program (winctl(1), "run").
@Suite("Groups that run a program")
struct RunGroupTests {
    func coordinator(_ groups: [WindowGroup]) -> SceneCoordinator {
        var coordinator = SceneCoordinator(groups: groups, limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100))
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        return coordinator
    }

    @Test("a new window of a run group returns winctl run GROUP --value=VALUE -- PROGRAM for the opener, substituted")
    func newWindowStartsWinctlRun() throws {
        let group = WindowGroup(
            id: "file",
            valueType: .path,
            run: ["vim", "{value}", "+set title", "{id}"],
            winctl: "/opt/bin/winctl"
        )
        var coordinator = coordinator([group])
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let opened = try coordinator.open(
            group: "file",
            value: .string("/srv/notes.md"),
            now: 1,
            ids: &ids,
            effects: &effects
        )
        #expect(opened.created)
        #expect(
            opened.command == [
                "/opt/bin/winctl", "run", "file", "--value=/srv/notes.md", "--", "vim", "/srv/notes.md", "+set title",
                opened.window.id.rawValue,
            ]
        )
        #expect(
            group.run == ["vim", "{value}", "+set title", "{id}"],
            "the group keeps what it declares, for winctl groups"
        )
    }

    @Test("a run group of value type none passes no VALUE")
    func noneGroupHasNoValue() throws {
        var coordinator = coordinator([
            WindowGroup(id: "log", valueType: .none, run: ["less", "+F", "/var/log/syslog"])
        ])
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let opened = try coordinator.open(group: "log", value: nil, now: 1, ids: &ids, effects: &effects)
        #expect(opened.command == ["winctl", "run", "log", "--", "less", "+F", "/var/log/syslog"])
    }

    @Test("an open of a value whose window has a presenter starts nothing")
    func presentedIsBroughtToFront() throws {
        var coordinator = coordinator([WindowGroup(id: "file", valueType: .path, run: ["vim", "{value}"])])
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let opened = try coordinator.open(group: "file", value: .string("/srv/a"), now: 1, ids: &ids, effects: &effects)
        _ = try coordinator.attach(
            AttachRequest(target: .id(opened.window.id.rawValue)),
            connection: ConnectionID(1),
            now: 2,
            ids: &ids,
            effects: &effects
        )
        let again = try coordinator.open(group: "file", value: .string("/srv/a"), now: 10, ids: &ids, effects: &effects)
        #expect(again.outcome == .focused)
        #expect(again.command.isEmpty)
    }
}

import Testing
import WindowKit
import WindowProtocol

@testable import winctl_attach

@Suite("Root view: the screen for each app state")
struct RootViewTests {
    @Test("every frame has one line per row, none wider than the terminal, bars on top and bottom")
    func frameShape() {
        for size in [
            TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 20, rows: 5),
            TerminalSize(columns: 200, rows: 60),
        ] {
            for state in [
                AppState.loading, .unauthenticated, .onboarding(.welcome), .authenticated(user: "alice"),
                .error(.sessionExpired),
            ] {
                let frame = RootView.frame(Fixtures.model(state: state), size: size)
                #expect(frame.lines.count == size.rows)
                #expect(frame.lines.allSatisfy { $0.text.count <= size.columns })
                #expect(frame.lines.first?.style == .inverse)
                #expect(frame.lines.last?.style == .inverse)
                #expect(frame.lines.first?.text.count == size.columns, "the bars span the width")
            }
        }
    }

    @Test("a user name holding ESC, BEL and CR reaches the screen escaped, as winctl list shows it")
    func controlCharactersEscaped() {
        let frame = RootView.frame(
            Fixtures.model(state: .authenticated(user: "a\u{1B}]0;t\u{07}\rb")),
            size: TerminalSize(columns: 80, rows: 24)
        )
        #expect(frame.lines.allSatisfy { $0.text.unicodeScalars.allSatisfy { $0.value >= 0x20 } })
        #expect(frame.text.contains { $0.contains(#"a\u001b]0;t\u0007\rb"#) }, "\(frame.text)")
    }

    @Test("a terminal too small for a body still shows the bars, cut to fit")
    func tinyTerminal() {
        let frame = RootView.frame(Fixtures.model(), size: TerminalSize(columns: 12, rows: 2))
        #expect(frame.text == [" windowd · d", " q detach ·"])
        #expect(RootView.frame(Fixtures.model(), size: TerminalSize(columns: 0, rows: 0)).lines.isEmpty)
    }

    @Test("loading shows the launch screen")
    func loading() {
        let screen = Fixtures.screen(Fixtures.model(state: .loading))
        #expect(screen.contains("Loading…"))
        #expect(screen.contains("detail 42"))
        #expect(!screen.contains("Signed in"))
    }

    @Test("unauthenticated shows the sign-in screen with the login command")
    func signIn() {
        let screen = Fixtures.screen(Fixtures.model(state: .unauthenticated))
        #expect(screen.contains("Sign in"))
        #expect(screen.contains("winctl login USER"))
    }

    @Test(
        "onboarding shows the current step, the progress and the next command",
        arguments: [
            (OnboardingStep.welcome, "step 1 of 4: Welcome", "winctl transition onboarding permissions"),
            (.permissions, "step 2 of 4: Permissions", "winctl transition onboarding profileSetup"),
            (.profileSetup, "step 3 of 4: Profile setup", "winctl transition onboarding complete"),
            (.complete, "step 4 of 4: Complete", "winctl login USER"),
        ]
    )
    func onboarding(step: OnboardingStep, heading: String, next: String) {
        let screen = Fixtures.screen(Fixtures.model(state: .onboarding(step)))
        #expect(screen.contains(heading))
        #expect(screen.contains("Next: " + next))
        #expect(screen.contains("[>] " + OnboardingView.title(step)))
    }

    @Test("error shows what went wrong and a recovery that the state machine allows", arguments: AppErrorKind.allCases)
    func error(kind: AppErrorKind) {
        let screen = Fixtures.screen(Fixtures.model(state: .error(kind)))
        #expect(screen.contains("Error: "))
        #expect(screen.contains("To recover: " + ErrorView.recovery(kind)))
        // From error only loading and unauthenticated are valid: the hint never says login alone.
        #expect(
            ErrorView.recovery(kind).contains("transition loading")
                || ErrorView.recovery(kind).contains("transition unauthenticated")
        )
    }

    @Test("main shows the window, its id, the phases, the storage keys and the other windows")
    func main() {
        let others = [
            Fixtures.window(
                "77777777-0000-4000-8000-000000000007",
                value: .int(7),
                phase: .background,
                attached: false
            ),
            Fixtures.window(
                "99999999-0000-4000-8000-000000000009",
                group: "notes",
                value: .string("todo"),
                phase: .inactive
            ),
        ]
        var model = Fixtures.model(storage: ["ui.panel": .string("windows"), "draft": .string("hi")], others: others)
        model.aggregate = .active
        let screen = Fixtures.screen(model)
        #expect(screen.contains("Signed in as alice"))
        #expect(screen.contains("window   detail 42"))
        #expect(screen.contains("id       " + Fixtures.ownID))
        #expect(screen.contains("phase    active (app: active)"))
        #expect(screen.contains("storage  draft, ui.panel (2 keys)"))
        #expect(screen.contains("[Windows]"))
        #expect(screen.contains("detail  7      background  detached   77777777"))
        #expect(screen.contains("notes   todo   inactive    attached   99999999"))
        #expect(!screen.contains("0a1b2c3d  "), "the window itself is not among the others")
    }

    @Test("the storage panel lists the keys and values")
    func storagePanel() {
        let model = Fixtures.model(storage: ["ui.panel": .string("storage"), "draft": .string("hi")])
        #expect(model.panel == .storage, "the panel comes from scene storage")
        let screen = Fixtures.screen(model)
        #expect(screen.contains("[Storage]"))
        #expect(screen.contains("draft     \"hi\""))
        #expect(screen.contains("ui.panel  \"storage\""))
    }

    @Test("a long list is cut to the screen with a count of what is hidden")
    func longList() {
        let others = (10..<60).map {
            Fixtures.window("\($0)000000-0000-4000-8000-000000000000", value: .int(Int64($0)), phase: .background)
        }
        let frame = RootView.frame(Fixtures.model(others: others), size: TerminalSize(columns: 80, rows: 24))
        #expect(frame.text.contains { $0.contains("… and") && $0.contains("more") })
        #expect(frame.lines.count == 24)
        #expect(frame.text.last?.contains("q detach") == true)
    }

    @Test("reconnecting and stopping show in both bars; a highlight in the status bar")
    func linkAndHighlight() {
        var model = Fixtures.model()
        model.link = .reconnecting(attempt: 3, gone: .seconds(4), giveUp: .seconds(60))
        var text = RootView.frame(model, size: Fixtures.size).text
        #expect(text.first?.hasSuffix("reconnecting…") == true)
        #expect(text.last == " reconnecting to windowd at /tmp/w/s.sock · attempt 3 · gone 4s of 60s")

        model.link = .stopping
        text = RootView.frame(model, size: Fixtures.size).text
        #expect(text.last?.contains("windowd is stopping") == true)

        model.link = .connected
        model.highlighted = true
        text = RootView.frame(model, size: Fixtures.size).text
        #expect(text.first?.hasPrefix(" >> windowd · detail 42") == true)
        #expect(text.last?.contains("brought to front") == true)
    }

    @Test("values read as one word; strings with blanks as JSON")
    func labels() {
        #expect(WindowLabel.label(Fixtures.window(value: .null, attached: true)) == "detail")
        #expect(
            WindowLabel.label(Fixtures.window(group: "notes", value: .string("two words"))) == "notes \"two words\""
        )
        #expect(WindowLabel.label(Fixtures.window(group: "notes", value: .string("todo"))) == "notes todo")
    }
}

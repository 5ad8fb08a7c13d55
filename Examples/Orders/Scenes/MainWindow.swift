import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// The `main` window: the order list; Enter opens the selected order's detail window through
/// `openWindow` (or brings the open one to front); sign-in and sign-out happen here.
///
/// ```swift
/// let scene = try await WindowScene.attach(group: "main", options: options)
/// let status = await MainWindow(scene: scene, catalog: catalog)!.run()
/// ```
final class MainWindow {
    private let scene: WindowScene
    private let catalog: OrderCatalog
    private let terminal: SceneTerminal
    /// The selected row, kept like `@SceneStorage("selection") var selection = 0`.
    private let selection: SceneStorage<Int>
    private var state: AppState
    private var windows: [WindowInfo]
    private var link = ConnectionStatus.connected
    private var name = ""
    private var message = ""

    /// The window on `scene`; `nil` if signals cannot be caught.
    init?(scene: WindowScene, catalog: OrderCatalog) {
        guard let terminal = SceneTerminal(scene: scene) else { return nil }
        self.terminal = terminal
        self.scene = scene
        self.catalog = catalog
        selection = scene.storage("selection", default: 0)
        state = scene.app.state
        windows = scene.app.windows
    }

    /// Presents the window until it is quit or dismissed; returns the exit status.
    func run() async -> Int32 {
        await ScenePresentation.run(terminal, ticks: false, draw: draw, key: handle, handle: handle)
    }

    /// Applies `input`; returns the exit status once the window should go.
    private func handle(_ input: SceneEvent) async -> Int32? {
        switch input {
        case .key, .resized, .hangUp, .signal, .appPhase, .event:
            break  // the terminal's side: SceneTerminal redraws, ScenePresentation passes keys and ends
        case .state(let newState):
            if !newState.isAuthenticated, state.isAuthenticated { message = "" }
            state = newState
        case .windows(let list): windows = list
        case .phase, .focus, .request: break
        case .dismissed: return 0
        case .connection(let status):
            link = status
            if status == .closed { return 69 }
        case .tick: break
        }
        return nil
    }

    private func handle(_ key: Key) async -> Int32? {
        switch key {
        case .control("c"): return 0
        default:
            switch state {
            case .authenticated: return await browse(key)
            case .unauthenticated: await signIn(key)
            case .onboarding(let step): await onboard(step, key)
            case .error: if key == .enter { await transition(to: .unauthenticated) }
            case .loading: break
            }
        }
        return nil
    }

    private func browse(_ key: Key) async -> Int32? {
        let last = catalog.orders.count - 1
        switch key {
        case .up, .character("k"): selection.value = max(0, selection.value - 1)
        case .down, .character("j"): selection.value = min(last, selection.value + 1)
        case .home: selection.value = 0
        case .end: selection.value = last
        case .enter: await openSelected()
        case .character("o"): await transition(to: .unauthenticated)
        case .character("q"): return 0
        default: break
        }
        return nil
    }

    /// `openWindow(group: "detail", value: id)`: a new window, or the open one to front.
    private func openSelected() async {
        let order = catalog.orders[min(max(0, selection.value), catalog.orders.count - 1)]
        do {
            let opened = try await scene.app.openWindow(group: "detail", value: .int(Int64(order.id)))
            switch opened.outcome {
            case .created: message = "Opened #\(order.id) in a new window."
            case .focused: message = "#\(order.id) is already open: brought it to front."
            case .relaunched: message = "#\(order.id) had no window: opened it again."
            case .launching: message = "#\(order.id) is opening: its window is on its way."
            case .detached: message = "#\(order.id) is open, in no window."
            case .stopped: message = "#\(order.id) is open, stopped in its terminal: fg there continues it."
            case .reattaching: message = "#\(order.id) is open: its window comes back once windowd has it again."
            }
        } catch {
            message = "Cannot open #\(order.id): \(error)"
        }
    }

    private func signIn(_ key: Key) async {
        switch key {
        case .character(let character)
        where name.count < 32 && (character.isLetter || character.isNumber || "._-".contains(character)):
            name.append(character)
        case .backspace: if !name.isEmpty { name.removeLast() }
        case .escape: name = ""
        case .enter where !name.isEmpty: await transition(to: .authenticated(user: name))
        case .tab: await transition(to: .onboarding(.welcome))
        default: break
        }
    }

    private func onboard(_ step: OnboardingStep, _ key: Key) async {
        switch key {
        case .enter:
            let steps = OnboardingStep.allCases
            if step == .complete {
                await transition(to: .authenticated(user: name.isEmpty ? "guest" : name))
            } else if let index = steps.firstIndex(of: step) {
                await transition(to: .onboarding(steps[index + 1]))
            }
        case .escape: await transition(to: .unauthenticated)
        default: break
        }
    }

    private func transition(to next: AppState) async {
        do {
            try await scene.app.transition(to: next)
            if next.isAuthenticated { name = "" }
        } catch {
            message = "\(error)"
        }
    }

    private func draw() {
        let size = terminal.size
        let open = Set(
            windows.filter { $0.group == "detail" }.compactMap { window -> Int? in
                if case .int(let id) = window.value { return Int(id) }
                return nil
            }
        )
        let body = RootView.body(for: state, signInName: name) { user in
            OrderListView.lines(
                catalog.orders,
                selected: selection.value,
                open: open,
                user: user,
                message: message,
                height: size.rows - 2
            )
        }
        let status: String
        switch state {
        case .authenticated: status = "↑↓ select · Enter open · o sign out · q quit"
        case .unauthenticated: status = "type a name · Enter sign in · Tab onboarding · ^C quit"
        default: status = "Enter continue · ^C quit"
        }
        let title = Bars.title(
            " orders · main",
            right: Bars.phases(scene.phase, app: scene.app.scenePhase, link: link),
            width: size.columns
        )
        terminal.draw(Bars.screen(title: title, body: body, status: Bars.status(status), rows: size.rows))
    }
}

import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// A `detail` window: one order, scrolled to where it was (scene storage `scroll`, back after
/// windowd restarts), refreshed every second while `active` and paused while `inactive` or
/// `background`; it comes to front when its order is opened again and goes when dismissed.
///
/// ```swift
/// let scene = try await WindowScene.attach(group: "detail", value: 1042, options: options)
/// let status = await DetailWindow(scene: scene, orderID: 1042, catalogPath: nil)!.run()
/// ```
final class DetailWindow {
    private let scene: WindowScene
    private let orderID: Int
    private let catalogPath: String?
    private let terminal: SceneTerminal
    /// The first line in view, kept like `@SceneStorage("scroll") var scroll = 0`.
    private let scroll: SceneStorage<Int>
    private var order: Order?
    private var state: AppState
    private var link = ConnectionStatus.connected
    private var refreshes = 0
    private var highlightTicks = 0

    /// The window on `scene`; `nil` if signals cannot be caught.
    init?(scene: WindowScene, orderID: Int, catalogPath: String?) {
        guard let terminal = SceneTerminal(scene: scene) else { return nil }
        self.terminal = terminal
        self.scene = scene
        self.orderID = orderID
        self.catalogPath = catalogPath
        scroll = scene.storage("scroll", default: 0)
        state = scene.app.state
        order = (try? OrderCatalog.load(path: catalogPath))?.order(id: orderID)
    }

    /// Presents the order until the window is closed, dismissed or quit; returns the exit status.
    func run() async -> Int32 {
        await ScenePresentation.run(terminal, ticks: true, draw: draw, key: handle, handle: handle)
    }

    private func handle(_ input: SceneEvent) async -> Int32? {
        switch input {
        case .key, .resized, .hangUp, .signal, .appPhase, .event:
            break  // the terminal's side: SceneTerminal redraws, ScenePresentation passes keys and ends
        case .state(let newState): state = newState
        case .phase, .windows, .request: break
        case .focus:
            // Brought to front already (SceneTerminal rang the bell where nothing can raise it).
            highlightTicks = 3
        case .dismissed: return 0
        case .connection(let status):
            link = status
            if status == .closed { return 69 }
        case .tick:
            if highlightTicks > 0 { highlightTicks -= 1 }
            // The refresh runs only while the window is in front: paused while inactive or background.
            if scene.phase == .active {
                order = (try? OrderCatalog.load(path: catalogPath))?.order(id: orderID) ?? order
                refreshes += 1
            }
        }
        return nil
    }

    private func handle(_ key: Key) async -> Int32? {
        let room = OrderDetailView.room(height: terminal.size.rows - 2)
        let last = max(0, contentCount - room)
        switch key {
        case .control("c"): return 0
        case .up, .character("k"): scroll.value = max(0, min(last, scroll.value) - 1)
        case .down, .character("j"): scroll.value = min(last, scroll.value + 1)
        case .pageUp: scroll.value = max(0, scroll.value - room)
        case .pageDown: scroll.value = min(last, scroll.value + room)
        case .home: scroll.value = 0
        case .end: scroll.value = last
        case .character("q"):
            // Closing the window destroys its scene storage, as SwiftUI's dismissWindow does.
            _ = try? await scene.app.dismissWindow(id: scene.id)
            return 0
        default: break
        }
        highlightTicks = 0
        return nil
    }

    private var contentCount: Int { order.map { OrderDetailView.content($0).count } ?? 1 }

    private func draw() {
        let size = terminal.size
        let height = size.rows - 2
        let body = RootView.body(for: state, signInName: "") { _ in
            guard let order else { return [ScreenLine("   No order #\(orderID) in the catalogue.")] }
            let phase = scene.phase
            let count = refreshes == 1 ? "1 refresh" : "\(refreshes) refreshes"
            let refresh = phase == .active ? "live · \(count)" : "paused while \(phase.rawValue) · \(count)"
            return OrderDetailView.lines(
                OrderDetailView.content(order),
                scroll: scroll.value,
                refresh: refresh,
                height: height
            )
        }
        let room = OrderDetailView.room(height: height)
        let first = scroll.value + 1
        let status =
            highlightTicks > 0
            ? ">> brought to front <<"
            : "↑↓ scroll · q close · lines \(first)–\(min(contentCount, scroll.value + room)) of \(contentCount)"
        let marker = highlightTicks > 0 ? " >> " : " "
        let title = Bars.title(
            marker + "orders · detail #\(orderID)",
            right: Bars.phases(scene.phase, app: scene.app.scenePhase, link: link),
            width: size.columns
        )
        terminal.draw(Bars.screen(title: title, body: body, status: Bars.status(status), rows: size.rows))
    }
}

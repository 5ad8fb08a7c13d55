import ArgumentParser
import WindowKit

/// `orders`: an orders browser whose windows are windowd windows, built on WindowKit only.
///
/// ```sh
/// orders main            # the order list (the `main` group's window)
/// orders detail 1042     # one order (what the `detail` group's command runs)
/// ```
@main
struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "Browse orders in windowd windows: a list, and a window per order.",
        subcommands: [MainCommand.self, DetailCommand.self],
        defaultSubcommand: MainCommand.self
    )
}

/// Options every window takes.
struct OrdersOptions: ParsableArguments {
    @Option(
        help:
            "windowd's socket (default: the socket of app \"orders\", $XDG_RUNTIME_DIR/windowd/orders.sock; its manifest is Examples/Orders/orders.toml)."
    )
    var socket: String?

    @Option(help: "A catalogue file instead of the bundled orders.json.")
    var catalog: String?

    /// The app id this example is installed as (windowd(8), Apps and instances).
    static let app = try! AppID(validating: "orders")

    var connection: ConnectionOptions {
        ConnectionOptions(socketPath: socket, app: Self.app, clientName: "orders")
    }

    /// Ends a window whose terminal cannot be run: signals cannot be caught.
    static func noSignals(_ scene: WindowScene) async throws {
        Console.error("orders: cannot catch signals")
        await scene.close()
        throw ExitCode(69)
    }
}

/// `orders main`: the order list.
struct MainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "main", abstract: "Show the order list.")

    @OptionGroup var options: OrdersOptions

    func run() async throws {
        let catalog: OrderCatalog
        let scene: WindowScene
        do {
            catalog = try OrderCatalog.load(path: options.catalog)
            // The list shown elsewhere already: that one comes to front instead.
            switch try await WindowScene.present(group: "main", options: options.connection) {
            case .presenting(let presented): scene = presented
            case .broughtToFront: return
            }
        } catch {
            Console.error("orders: \(error)")
            throw ExitCode(69)
        }
        guard let window = MainWindow(scene: scene, catalog: catalog) else {
            return try await OrdersOptions.noSignals(scene)
        }
        let status = await window.run()
        if status != 0 { throw ExitCode(status) }
    }
}

/// `orders detail ID`: one order's window.
struct DetailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "detail", abstract: "Show one order.")

    @OptionGroup var options: OrdersOptions

    @Argument(help: "The order's id.")
    var order: Int

    func run() async throws {
        let scene: WindowScene
        do {
            // The order open in another window already: that one comes to front instead.
            switch try await WindowScene.present(
                group: "detail",
                value: .int(Int64(order)),
                options: options.connection
            ) {
            case .presenting(let presented): scene = presented
            case .broughtToFront: return
            }
        } catch let error as WindowKitError where error.reason == .unauthenticated {
            Console.error("orders: sign in to see order #\(order)")
            throw ExitCode(1)
        } catch {
            Console.error("orders: \(error)")
            throw ExitCode(69)
        }
        guard let window = DetailWindow(scene: scene, orderID: order, catalogPath: options.catalog) else {
            return try await OrdersOptions.noSignals(scene)
        }
        let status = await window.run()
        if status != 0 { throw ExitCode(status) }
    }
}

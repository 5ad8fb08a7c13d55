// swift-tools-version: 6.2
import PackageDescription

// The upcoming-feature flags Hummingbird 2 builds with: `any` on every existential (SE-0335), a
// member visible only where its module is imported (SE-0444), and imports internal unless marked
// `public` or `package` (SE-0409), so that a target's public API names what its clients must import.
// Every Swift target builds with them (the loop at the end).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Linux only: the code calls Glibc, libsystemd and Linux's socket options (SO_PEERCRED, the fd
// store) unconditionally, so no `platforms` entry claims another system.
let package = Package(
    name: "windowd",
    products: [
        .executable(name: "windowd", targets: ["windowd"]),
        .executable(name: "winctl", targets: ["winctl"]),
        .executable(name: "winctl-attach", targets: ["winctl-attach"]),
        .executable(name: "orders", targets: ["orders"]),
        .executable(name: "notes", targets: ["notes"]),
        .library(name: "WindowClient", targets: ["WindowClient"]),
        .library(name: "WindowProtocol", targets: ["WindowProtocol"]),
        .library(name: "WindowKit", targets: ["WindowKit"]),
        // A window's terminal side (raw mode, focus reports, frames): public so that the Orders
        // example, which uses it, can be copied out of the repository and built.
        .library(name: "WindowTerminal", targets: ["WindowTerminal"]),
        .library(name: "WindowPlaces", targets: ["WindowPlaces"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `make docs`: WindowKit's DocC catalog (Sources/WindowKit/WindowKit.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libsystemd, through a thin module map; only SystemdSupport imports it.
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        .target(
            name: "SystemdSupport",
            dependencies: [
                "CSystemd",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // glibc's GNU extensions that Swift's Glibc module hides (it is built without _GNU_SOURCE):
        // a spawn action that closes inherited descriptors, POSIX_SPAWN_SETSID, pipe2.
        .target(name: "CGlibcExtensions"),
        // The POSIX layer every other target uses: a Unix-socket connect, a child process started
        // from an argv and reaped, a file read whole. Written once, below everything that needs it.
        .target(name: "POSIXSupport", dependencies: ["CGlibcExtensions"]),
        // A strict TOML 1.0 parser: bytes in, a document with positions or an error out. No I/O.
        .target(name: "TOML"),
        // Wire vocabulary shared by the daemon and every client. No I/O.
        .target(name: "WindowProtocol"),
        // Pure domain: app state machine, registry, phase aggregation, storage. No I/O.
        .target(name: "WindowCore", dependencies: ["WindowProtocol"]),
        // Durable state: SQLite through GRDB, behind a protocol with an in-memory twin.
        .target(
            name: "WindowStore",
            dependencies: [
                "WindowCore",
                "WindowProtocol",
                .product(name: "GRDB", package: "GRDB.swift"),
                // Raw statement steps for restore (StoredStateReader): the same SQLite that GRDB links.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Request dispatch without I/O: parse, route, params, coordinator operation, reply.
        .target(name: "WindowDispatch", dependencies: ["WindowCore", "WindowProtocol"]),
        .target(
            name: "WindowServer",
            dependencies: [
                "WindowCore",
                "WindowDispatch",
                "WindowStore",
                "WindowProtocol",
                "POSIXSupport",
                "CGlibcExtensions",
                "TOML",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(name: "WindowClient", dependencies: ["WindowProtocol", "POSIXSupport"]),
        // Places (SPEC section 13): where a terminal is, and how to bring it to front or open a
        // window there, through each environment's own interface (tmux, kitty, i3, sway, …).
        .target(name: "WindowPlaces", dependencies: ["WindowProtocol", "POSIXSupport"]),
        // The async SDK for apps: SwiftUI's scene vocabulary over the wire protocol (issue 15).
        .target(
            name: "WindowKit",
            dependencies: [
                "POSIXSupport",
                "WindowPlaces",
                "WindowProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Full-screen terminal views (winctl attach, the example): pure rendering and frame diff,
        // the terminal mode, and keys and signals read on NIO's event loop.
        .target(
            name: "WindowTerminal",
            dependencies: ["WindowKit", "WindowProtocol", "WindowPlaces", "POSIXSupport", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")]
        ),
        .executableTarget(
            name: "windowd",
            dependencies: [
                "POSIXSupport",
                "WindowServer",
                "WindowStore",
                "SystemdSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            // One instance runs per app, so its idle memory counts (Benchmarks/README.md, "The idle
            // cost of an app instance"). lld, for what gold lacks: relative relocations packed
            // (DT_RELR, glibc 2.36), 2.3 MiB of .rela.dyn that the dynamic loader read whole at
            // every start, 19 KiB now; and no dynamic symbol table of every Swift symbol, which the
            // static standard library's `-export-dynamic` asks for and nothing looks up (the
            // loader searched it for each libc symbol it bound). Idle RSS 29.9 → 24.0 MiB.
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux], configuration: .release)
                ),
            ]
        ),
        // What winctl and its presenter print, and their exit statuses.
        .target(
            name: "WinctlOutput",
            dependencies: ["WindowClient", "WindowProtocol", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The one-shot client: blocking WindowClient only, no NIO, so that a run starts fast (issue 13).
        // Its release build is one static executable: no dynamic loader, no libstdc++ to load and
        // bind, no relocations, ~1.2 ms less per run. Not a static PIE: glibc refuses one with the
        // rpath SwiftPM adds. lld, which does not print glibc's warnings about static NSS and dlopen
        // (winctl calls neither).
        .executableTarget(
            name: "winctl",
            dependencies: [
                "WinctlOutput",
                "WindowClient",
                "WindowPlaces",
                "WindowProtocol",
                "POSIXSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(
                    // FoundationEssentials' archive also exports generic specializations of the standard
                    // library (Dictionary<String, String>'s, which WindowPlaces uses); the member the
                    // linker takes them from needs these three archives, which the driver does not add.
                    ["-static-executable", "-use-ld=lld", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims", "-Xlinker", "-lswiftSynchronization"],
                    .when(platforms: [.linux], configuration: .release)
                ),
                // What the static FoundationEssentials (which WindowClient and WinctlOutput import)
                // needs. Only the static module files name these libraries, and SwiftPM compiles
                // against them only with `--static-swift-stdlib` (make's flags): without these
                // lines a plain `swift build -c release` fails to link winctl.
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The presenter that `winctl attach` execs: WindowKit and the terminal view, on NIO.
        .executableTarget(
            name: "winctl-attach",
            dependencies: [
                "POSIXSupport",
                "WinctlOutput",
                "WindowKit",
                "WindowPlaces",
                "WindowProtocol",
                "WindowTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The example app: an orders browser whose windows are windowd windows, on WindowKit only.
        .executableTarget(
            name: "orders",
            dependencies: ["WindowKit", "WindowTerminal", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/Orders",
            exclude: ["orders.toml"],
            resources: [.copy("Resources/orders.json")]
        ),
        // The notes example: a list of a directory's notes and a window per note, on WindowKit and
        // WindowTerminal only.
        .executableTarget(
            name: "notes",
            dependencies: ["WindowKit", "WindowTerminal", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/Notes",
            exclude: ["notes.toml"]
        ),
        // The fuzz harness's pure dispatcher (fuzz/build.sh links it into the libFuzzer binary);
        // a target so that the regression tests replay inputs through the same code.
        .target(name: "WindowFuzzing", dependencies: ["WindowCore", "WindowDispatch", "WindowProtocol"], path: "fuzz/WindowFuzzing"),
        // The TOML fuzz harness's invariants (fuzz/build.sh compiles them with the config files into
        // tomlfuzz); a target so that the tests replay the seed corpus through the same checks.
        .target(name: "TOMLFuzzing", dependencies: ["TOML", "WindowServer"], path: "fuzz/TOMLFuzzing"),
        .testTarget(name: "TOMLTests", dependencies: ["TOML", "TOMLFuzzing"]),
        .testTarget(name: "WindowCoreTests", dependencies: ["WindowCore", "WindowProtocol"]),
        .testTarget(name: "WindowDispatchTests", dependencies: ["WindowCore", "WindowDispatch", "WindowFuzzing", "WindowProtocol"]),
        .testTarget(name: "WindowProtocolTests", dependencies: ["TestSupport", "WindowProtocol"]),
        .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport"]),
        .testTarget(name: "WindowServerTests", dependencies: ["WindowServer"]),
        .testTarget(name: "WindowStoreTests", dependencies: ["WindowStore", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "SystemdSupportTests", dependencies: ["POSIXSupport", "SystemdSupport", "TestSupport", "WindowProtocol"]),
        .testTarget(name: "WindowTerminalTests", dependencies: ["WindowTerminal"]),
        // What the end-to-end, places and systemd tests share: the real windowd and winctl, raw
        // JSON-RPC clients, spawned processes, temporary directories, a NOTIFY_SOCKET listener, and
        // the real X server, kitty, i3 and tmux they run.
        .target(name: "TestSupport", dependencies: ["POSIXSupport", "WindowPlaces", "WindowProtocol"], path: "Tests/TestSupport"),
        .testTarget(name: "WindowPlacesTests", dependencies: ["TestSupport", "WindowPlaces", "WindowProtocol"]),
        .testTarget(
            name: "WindowKitTests",
            dependencies: ["WindowKit", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio")]
        ),
        .testTarget(name: "WinctlOutputTests", dependencies: ["WinctlOutput", "WindowProtocol"]),
        .testTarget(
            name: "WinctlTests",
            dependencies: ["winctl", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // winctl attach's terminal view (its model and its screens), pure.
        .testTarget(name: "WinctlAttachTests", dependencies: ["winctl-attach", "WindowProtocol", "WindowTerminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["POSIXSupport", "TestSupport", "WindowProtocol", "WindowKit", "WindowPlaces"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}

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

// Each target is a boundary the compiler keeps (ARCHITECTURE.md, "The targets"):
// - WindowProtocol and WindowEngine (core + dispatch) depend on nothing but each other: no NIO,
//   no Glibc I/O, no SQLite, so the domain cannot do I/O.
// - WindowServer is the only target with the daemon's I/O (NIO, SQLite, libsystemd, the config
//   files); no client target depends on it, so clients cannot see the daemon's internals.
// - WindowClient (the blocking client and places) has no NIO, so winctl starts fast; WindowKit
//   (with the terminal side) is the NIO SDK for apps.
// - POSIXSupport is below both sides, so neither links the other for a spawn or a connect.
//
// Linux only: the code calls Glibc, libsystemd and Linux's socket options (SO_PEERCRED, the fd
// store) unconditionally, so no `platforms` entry claims another system.
let package = Package(
    name: "windowd",
    products: [
        .executable(name: "windowd", targets: ["windowd"]),
        .executable(name: "winctl", targets: ["winctl"]),
        .executable(name: "winctl-attach", targets: ["winctl-attach"]),
        .executable(name: "orders", targets: ["OrdersExample"]),
        .executable(name: "notes", targets: ["NotesExample"]),
        .library(name: "WindowProtocol", targets: ["WindowProtocol"]),
        .library(name: "WindowClient", targets: ["WindowClient"]),
        // Apps' SDK, with a window's terminal side (raw mode, focus reports, frames): the Orders
        // example uses both and can be copied out of the repository and built.
        .library(name: "WindowKit", targets: ["WindowKit"]),
        // Not an API: the targets the benchmark package (Benchmarks/Package.swift) links besides the
        // products above — the pure request path for its micro-benchmarks, the POSIX layer and the
        // tests' fixtures (tmux, Xvfb, kitty, i3, sway) for windowbench. Their declarations stay
        // `package`: only code compiled under windowd's package name sees them, as the benchmarks are.
        .library(name: "_WindowdBenchmarkSupport", targets: ["POSIXSupport", "TestSupport", "WindowEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // windowd.toml and apps' manifests (toml++ underneath; docs/decisions/0011-toml-read-by-tomlkit.md).
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        // `make docs`: WindowKit's DocC catalog (Sources/WindowKit/WindowKit.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libsystemd, through a thin module map; only WindowServer/Systemd imports it.
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // glibc's GNU extensions that Swift's Glibc module hides (it is built without _GNU_SOURCE):
        // a spawn action that closes inherited descriptors, POSIX_SPAWN_SETSID, pipe2.
        .target(name: "CGlibcExtensions"),
        // The POSIX layer every other target uses: a Unix-socket connect, a child process started
        // from an argv and reaped, a file read whole. Written once, below the daemon and the clients.
        .target(name: "POSIXSupport", dependencies: ["CGlibcExtensions"]),
        // Wire vocabulary shared by the daemon and every client. No I/O.
        .target(name: "WindowProtocol"),
        // The daemon's pure request path: the domain (Core: app state machine, registry, phases,
        // storage) and dispatch (Dispatch: parse, route, params, coordinator operation, reply).
        // No I/O: nothing here can open a file or a socket.
        .target(name: "WindowEngine", dependencies: ["WindowProtocol"]),
        // The daemon's I/O: sockets and services on NIO, durable state in SQLite (Store), the
        // config (Config, read with TOMLKit), systemd's protocols (Systemd).
        .target(
            name: "WindowServer",
            dependencies: [
                "WindowEngine",
                "WindowProtocol",
                "POSIXSupport",
                "CGlibcExtensions",
                "CSystemd",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // What a client needs without NIO: the blocking connection, and places (Places: where a
        // terminal is, and how to bring it to front or open a window there, through each
        // environment's own interface: tmux, kitty, i3, sway, …).
        .target(name: "WindowClient", dependencies: ["WindowProtocol", "POSIXSupport"]),
        // The async SDK for apps: SwiftUI's scene vocabulary over the wire protocol, on NIO, and
        // full-screen terminal views (Terminal: rendering and frame diff, the terminal mode, keys
        // and signals read on NIO's event loop).
        .target(
            name: "WindowKit",
            dependencies: [
                "POSIXSupport",
                "WindowClient",
                "WindowProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "windowd",
            dependencies: [
                "POSIXSupport",
                "WindowProtocol",
                "WindowServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            // One instance runs per app, so its idle memory counts
            // (docs/decisions/0004-daemon-linked-with-lld.md). lld, for what gold lacks: relative relocations packed
            // (DT_RELR, glibc 2.36), 2.3 MiB of .rela.dyn that the dynamic loader read whole at
            // every start, 19 KiB now; and no dynamic symbol table of every Swift symbol, which the
            // static standard library's `-export-dynamic` asks for and nothing looks up (the
            // loader searched it for each libc symbol it bound). Idle RSS 29.9 → 24.0 MiB.
            // No order file for its functions: the one kept until 0.2 saved 2.2 MiB of RSS an
            // instance but 4% of its PSS among ten (docs/decisions/0004-daemon-linked-with-lld.md).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker",
                        "--no-export-dynamic",
                    ],
                    .when(platforms: [.linux], configuration: .release)
                )
            ]
        ),
        // What winctl and its presenter print, and their exit statuses: the one thing the two
        // executables share that a library of the package should not carry (ArgumentParser).
        .target(
            name: "WinctlOutput",
            dependencies: [
                "WindowClient", "WindowProtocol", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The one-shot client: blocking WindowClient only, no NIO, so that a run starts fast.
        // Its release build is one static executable: no dynamic loader, no libstdc++ to load and
        // bind, no relocations, ~1.2 ms less per run. Not a static PIE: glibc refuses one with the
        // rpath SwiftPM adds. lld, which does not print glibc's warnings about static NSS and dlopen
        // (winctl calls neither).
        .executableTarget(
            name: "winctl",
            dependencies: [
                "WinctlOutput",
                "WindowClient",
                "WindowProtocol",
                "POSIXSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(
                    // FoundationEssentials' archive also exports generic specializations of the standard
                    // library (Dictionary<String, String>'s, which WindowClient's places use); the member the
                    // linker takes them from needs these three archives, which the driver does not add.
                    [
                        "-static-executable", "-use-ld=lld", "-Xlinker", "-l_FoundationCollections", "-Xlinker",
                        "-l_FoundationCShims", "-Xlinker", "-lswiftSynchronization",
                    ],
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
                "WindowClient",
                "WindowKit",
                "WindowProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The example app: an orders browser whose windows are windowd windows, on WindowKit only.
        // Targets' names are one namespace across a package graph: an app named `orders` or
        // `notes` that depends on this package must not meet the examples' targets there.
        .executableTarget(
            name: "OrdersExample",
            dependencies: ["WindowKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/Orders",
            exclude: ["orders.toml"],
            resources: [.copy("Resources/orders.json")]
        ),
        // The notes example: a list of a directory's notes and a window per note, on WindowKit only.
        .executableTarget(
            name: "NotesExample",
            dependencies: ["WindowKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/Notes",
            exclude: ["notes.toml"]
        ),
        // The fuzz harnesses' invariants (fuzz/): the pure dispatcher's, and the config and manifest
        // loaders' (TOML/). A target so that the regression tests replay inputs through
        // the same code; WINDOWD_FUZZ=1 adds the libFuzzer executables on top.
        .target(
            name: "WindowFuzzing",
            dependencies: ["WindowEngine", "WindowProtocol", "WindowServer"],
            path: "fuzz/WindowFuzzing"
        ),
        // What the end-to-end, places and systemd tests share: the real windowd and winctl, raw
        // JSON-RPC clients, spawned processes, temporary directories, a NOTIFY_SOCKET listener, and
        // the real X server, kitty, i3 and tmux they run.
        .target(
            name: "TestSupport",
            dependencies: ["POSIXSupport", "WindowClient", "WindowProtocol"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "WindowProtocolTests", dependencies: ["TestSupport", "WindowProtocol"]),
        .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport"]),
        .testTarget(name: "WindowEngineTests", dependencies: ["WindowEngine", "WindowFuzzing", "WindowProtocol"]),
        .testTarget(
            name: "WindowServerTests",
            dependencies: [
                "POSIXSupport",
                "TestSupport",
                "WindowEngine",
                "WindowFuzzing",
                "WindowProtocol",
                "WindowServer",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "WindowClientTests", dependencies: ["TestSupport", "WindowClient", "WindowProtocol"]),
        .testTarget(
            name: "WindowKitTests",
            dependencies: [
                "POSIXSupport", "TestSupport", "WindowKit", "WindowProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "WinctlTests",
            dependencies: [
                "winctl", "WinctlOutput", "WindowProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // winctl attach's terminal view (its model and its screens), pure.
        .testTarget(name: "WinctlAttachTests", dependencies: ["winctl-attach", "WindowKit", "WindowProtocol"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["POSIXSupport", "TestSupport", "WindowClient", "WindowKit", "WindowProtocol"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// WINDOWD_FUZZ=1 (fuzz/build.sh, make fuzz): the libFuzzer executables, whose entry point is
// LLVMFuzzerTestOneInput (libFuzzer's main). The package's own Swift targets are instrumented
// (-sanitize=fuzzer,address); the dependencies are not, so that coverage stays on windowd's code.
let fuzzing = Context.environment["WINDOWD_FUZZ"] == "1"
if fuzzing {
    let fuzzerLink: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]
    package.targets += [
        .executableTarget(
            name: "windowfuzz",
            dependencies: ["WindowFuzzing"],
            path: "fuzz/windowfuzz",
            linkerSettings: fuzzerLink
        ),
        .executableTarget(
            name: "tomlfuzz",
            dependencies: ["WindowFuzzing"],
            path: "fuzz/tomlfuzz",
            linkerSettings: fuzzerLink
        ),
    ]
}

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
    if fuzzing && target.type != .test {
        target.swiftSettings! += [
            .unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library", "-warnings-as-errors"])
        ]
    }
}

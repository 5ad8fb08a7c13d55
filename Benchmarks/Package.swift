// swift-tools-version: 6.2
// windowd's benchmarks, kept out of the main package so that `swift build`, `swift test` and CI
// never build them:
// - windowbench, the load generator of `make bench` and `make bench-compare`;
// - the micro-benchmarks of the pure request path (package-benchmark) over WindowProtocol,
//   WindowCore and WindowDispatch: `make bench-micro`, or
//   `swift package --package-path Benchmarks benchmark`.
// Their sources stay in ../Sources: each Sources/<Target> here is a link there (SwiftPM takes no
// target path outside the package, but follows a link inside it), as fuzz/build.sh compiles the
// same directories. So the main package needs no library product only for the benchmarks.
// Linux only, like windowd.
import PackageDescription

let package = Package(
    name: "WindowdBenchmarks",
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only the malloc interposer: the default traits add the Swift 6.3 runtime interposer,
        // a package the mirror does not hold (and the ARC metrics it serves are not used here).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "CGlibcExtensions", path: "Sources/CGlibcExtensions"),
        .target(name: "POSIXSupport", dependencies: ["CGlibcExtensions"], path: "Sources/POSIXSupport"),
        .target(name: "WindowProtocol", path: "Sources/WindowProtocol"),
        .target(name: "WindowCore", dependencies: ["WindowProtocol"], path: "Sources/WindowCore"),
        .target(name: "WindowDispatch", dependencies: ["WindowCore", "WindowProtocol"], path: "Sources/WindowDispatch"),
        .target(name: "WindowPlaces", dependencies: ["WindowProtocol", "POSIXSupport"], path: "Sources/WindowPlaces"),
        // The tests' headless environments (tmux, Xvfb, kitty, i3, sway), which `--places` sets up
        // as the places suites do: one recipe per place.
        .target(name: "TestSupport", dependencies: ["POSIXSupport", "WindowPlaces", "WindowProtocol"], path: "Sources/TestSupport"),
        .executableTarget(
            name: "windowbench",
            dependencies: [
                "POSIXSupport", "TestSupport", "WindowProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/windowbench"
        ),
        // Benchmarks/<Target>: where the benchmark plugin looks for benchmark executables.
        .executableTarget(
            name: "RequestPathBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "WindowCore",
                "WindowDispatch",
                "WindowProtocol",
            ],
            path: "Benchmarks/RequestPathBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The upcoming features the main package builds with (its Package.swift says why).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}

// swift-tools-version: 6.2
import PackageDescription

// windowd's benchmarks, a package of their own (as SwiftNIO keeps its), so that `swift build`,
// `swift test` and CI of the product never resolve or build package-benchmark (its first build
// takes minutes). The make targets build it with `--package-path Benchmarks` (README.md here).
//
// - windowbench (Sources/windowbench): the load generator. It drives the release binaries over
//   their socket, and the tests' fixtures for the places it measures.
// - RequestPathBenchmarks: package-benchmark's micro-benchmarks of the pure request path. The
//   plugin runs every executable target whose folder is directly in a folder named `Benchmarks`:
//   this package's own folder.
//
// The benchmarks use windowd's `package` declarations (the pure request path, the POSIX layer, the
// tests' fixtures) as windowd's own targets do, and nothing is made public for them: they are
// compiled with the package name that SwiftPM gives windowd's targets, which it derives from the
// folder windowd is in (its identity: lowercased, other characters than letters, digits and `_`
// made `_`), instead of a name of their own.
let windowdFolder = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "windowd"
let windowdPackageName = String(
    windowdFolder.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
)
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .unsafeFlags(["-package-name", windowdPackageName]),
]

let package = Package(
    name: "windowd-benchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only the malloc interposer: the default traits add the Swift 6.3 runtime interposer, a
        // package the mirror does not hold (and the ARC metrics it serves are not used here).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "windowbench",
            dependencies: [
                .product(name: "WindowClient", package: windowdFolder),
                .product(name: "WindowProtocol", package: windowdFolder),
                .product(name: "_WindowdBenchmarkSupport", package: windowdFolder),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            packageAccess: false,
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "RequestPathBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WindowProtocol", package: windowdFolder),
                .product(name: "_WindowdBenchmarkSupport", package: windowdFolder),
            ],
            path: "RequestPathBenchmarks",
            packageAccess: false,
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

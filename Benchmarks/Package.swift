// swift-tools-version: 6.2
// Micro-benchmarks of windowd's pure request path (package-benchmark), kept out of the main
// package so that `swift build`, `swift test` and CI never build the benchmark tool.
// Run with `make bench-micro` (or `swift package --package-path Benchmarks benchmark`).
import PackageDescription

let package = Package(
    name: "WindowdBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "windowd", path: ".."),
        // Only the malloc interposer: the default traits add the Swift 6.3 runtime interposer,
        // a package the mirror does not hold (and the ARC metrics it serves are not used here).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Benchmarks/<Target>: where the benchmark plugin looks for benchmark executables.
        .executableTarget(
            name: "RequestPathBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WindowCore", package: "windowd"),
                .product(name: "WindowDispatch", package: "windowd"),
                .product(name: "WindowProtocol", package: "windowd"),
            ],
            path: "Benchmarks/RequestPathBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "animhost",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "animhost", targets: ["animhost"]),
        .library(name: "AnimhostCore", targets: ["AnimhostCore"]),
        .library(name: "AnimhostLua", targets: ["AnimhostLua"]),
        .library(name: "AnimhostOutput", targets: ["AnimhostOutput"]),
        .library(name: "AnimhostHarness", targets: ["AnimhostHarness"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(name: "AnimhostCore"),
        .target(name: "AnimhostLua", dependencies: ["CLua", "AnimhostCore"]),
        .target(name: "AnimhostOutput", dependencies: ["AnimhostCore"]),
        .target(name: "AnimhostHarness", dependencies: ["AnimhostLua"]),
        .executableTarget(
            name: "animhost",
            dependencies: [
                "AnimhostCore", "AnimhostLua", "AnimhostOutput", "AnimhostHarness",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "animhost-benchmark",
            dependencies: ["AnimhostCore", "AnimhostLua"],
            path: "Benchmarks/animhost-benchmark"
        ),
        .target(name: "AnimhostFuzzing", dependencies: ["AnimhostCore", "AnimhostLua"], path: "Fuzz/AnimhostFuzzing"),
        .executableTarget(name: "animhost-fuzz", dependencies: ["AnimhostFuzzing"], path: "Fuzz/animhost-fuzz"),
        .testTarget(name: "AnimhostCoreTests", dependencies: ["AnimhostCore"]),
        .testTarget(name: "AnimhostLuaTests", dependencies: ["AnimhostLua", "AnimhostCore"]),
        .testTarget(name: "AnimhostOutputTests", dependencies: ["AnimhostOutput", "AnimhostCore"]),
        .testTarget(name: "animhostTests", dependencies: ["animhost", "AnimhostFuzzing", "AnimhostHarness"]),
    ],
    swiftLanguageModes: [.v5]
)

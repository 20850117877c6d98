// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "animhost",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "animhost", targets: ["animhost"]),
        .library(name: "AnimhostCore", targets: ["AnimhostCore"]),
        .library(name: "AnimhostLua", targets: ["AnimhostLua"]),
        .library(name: "AnimhostRender", targets: ["AnimhostRender"]),
        .library(name: "AnimhostOutput", targets: ["AnimhostOutput"]),
        .library(name: "AnimhostHarness", targets: ["AnimhostHarness"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2")
    ],
    targets: [
        // Lua linked into the executable (its module map names the archive): calls into it are direct.
        .systemLibrary(name: "CLua", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CRLottie", path: "Benchmarks/CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        .target(name: "AnimhostCore"),
        .target(name: "AnimhostRender", dependencies: ["AnimhostCore", "CCairo", "CTurboJPEG"]),
        .target(
            name: "AnimhostLua", dependencies: ["CLua", "AnimhostCore"],
            resources: [.copy("Lua/prelude.lua"), .copy("Library/deferred.lua"), .copy("Library/shared.lua"), .copy("Library/modifiers.lua"), .copy("Library/presets.lua")]),
        .target(
            name: "AnimhostOutput", dependencies: ["AnimhostCore", "AnimhostRender", "CPNG", "CTurboJPEG", "CWebP", "CGIF", "CImageQuant", "CMalloc"],
            resources: [.copy("HTML/preview.html"), .copy("Web/nodes.css"), .copy("Web/web.html"), .copy("Web/drag.js"), .copy("Web/view-transitions.html")]),
        .target(
            name: "AnimhostHarness", dependencies: ["AnimhostLua", "CLua", "AnimhostRender", "AnimhostOutput"],
            resources: [.copy("Lua/spec.lua"), .copy("Lua/new-plugin.lua"), .copy("Lua/new-plugin_spec.lua"), .copy("Diff/diff.html")]),
        .target(
            name: "AnimhostPreview",
            dependencies: [
                "AnimhostLua", "AnimhostOutput", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log")
            ],
            resources: [.copy("Page/preview.html"), .copy("Page/preview.js"), .copy("Page/record.js"), .copy("Page/inspect.js")]),
        .executableTarget(
            name: "animhost",
            dependencies: [
                "AnimhostCore", "AnimhostLua", "AnimhostOutput", "AnimhostHarness", "AnimhostPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .executableTarget(
            name: "animhost-benchmark",
            dependencies: ["AnimhostCore", "AnimhostLua", "AnimhostRender", "AnimhostOutput", "CRLottie"],
            path: "Benchmarks/animhost-benchmark"
        ),
        .executableTarget(name: "animhost-embedding", dependencies: ["AnimhostCore", "AnimhostLua"], path: "Examples/embedding"),
        .target(name: "AnimhostFuzzing", dependencies: ["AnimhostCore", "AnimhostLua", "AnimhostRender"], path: "Fuzz/AnimhostFuzzing"),
        .executableTarget(name: "animhost-fuzz", dependencies: ["AnimhostFuzzing"], path: "Fuzz/animhost-fuzz"),
        // libFuzzer's targets: scripts/fuzz.sh builds this alone with the sanitizer; ordinary builds get a replayer.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(name: "animhost-libfuzzer", dependencies: ["AnimhostFuzzing", "CLibFuzzer"], path: "Fuzz/libfuzzer"),
        // What every test target shares: running programs, finding them, temporary folders, waiting, bitmap asserts (Tests/README.md).
        .target(
            name: "AnimhostTestSupport", dependencies: ["AnimhostRender", "AnimhostOutput"], path: "Tests/AnimhostTestSupport",
            resources: [.copy("Pages/css-oracle.html")]),
        .testTarget(name: "AnimhostCoreTests", dependencies: ["AnimhostCore", "AnimhostTestSupport"]),
        .testTarget(name: "AnimhostLuaTests", dependencies: ["AnimhostLua", "AnimhostCore", "AnimhostTestSupport"]),
        .testTarget(name: "AnimhostRenderTests", dependencies: ["AnimhostRender", "AnimhostCore", "AnimhostTestSupport"]),
        .testTarget(name: "AnimhostOutputTests", dependencies: ["AnimhostOutput", "AnimhostRender", "AnimhostCore", "AnimhostTestSupport"]),
        .testTarget(
            name: "LottieExportTests",
            dependencies: ["AnimhostLua", "AnimhostOutput", "AnimhostRender", "AnimhostCore", "CRLottie", "AnimhostTestSupport"],
            resources: [.copy("Pages/lottie-web.html")]),
        .testTarget(
            name: "animhostTests", dependencies: ["animhost", "animhost-embedding", "AnimhostFuzzing", "AnimhostHarness", "AnimhostTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "AnimhostPreviewTests", dependencies: ["AnimhostPreview", "AnimhostOutput", "AnimhostCore", "AnimhostTestSupport"])
    ],
    swiftLanguageModes: [.v6]
)

// Zero warnings: every warning of the project's own code is an error.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}

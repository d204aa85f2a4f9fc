// swift-tools-version:6.0
// The module graph follows DESIGN.md §2: C shims -> codecs/raster -> timeline -> back-ends -> facade -> CLI.
import PackageDescription

let package = Package(
    name: "CYLTabBarItemAnimation",
    products: [
        .library(name: "CYLTabBarItemAnimation", targets: ["CYLTabBarItemAnimation"]),
        .executable(name: "cylanim", targets: ["cylanim"]),
    ],
    targets: [
        // C shims: a modulemap and a header each; the libraries come from Debian's -dev packages.
        .systemLibrary(name: "CGIF", path: "Sources/CGIF"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        .systemLibrary(name: "CJSONC", path: "Sources/CJSONC"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP"),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2"),
        // Duktape, built from the source Debian's duktape-dev ships (see duktape_build.c for why
        // not its shared library); optimised even in debug builds, its warnings are not ours.
        .target(name: "CScriptDuktape", cSettings: [.unsafeFlags(["-O2", "-w"])], linkerSettings: [.linkedLibrary("m")]),

        // libm: these modules import no Foundation, so nothing else pulls in floor/round/sqrt.
        .target(name: "CYLGeometry", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CYLRaster", dependencies: ["CYLGeometry"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CYLCodecs", dependencies: ["CYLRaster", "CGIF", "CPNG", "CJSONC", "CZlib", "CWebP", "CFreeType"]),
        .target(name: "CYLTimeline", dependencies: ["CYLRaster"]),
        .target(name: "CYLGIFAnimator", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster"]),
        .target(name: "CYLFrameSequenceAnimator", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // The embedded JavaScript engine for Lottie expressions: owns all engine memory and budgets.
        .target(name: "CYLScript", dependencies: ["CScriptDuktape"]),
        .target(name: "CYLLottieAnimator", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster", "CYLGeometry", "CYLScript"]),
        // Conversion and output files (the one frame writer, staged files, output plans).
        .target(name: "CYLConvert", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // The seed's tab-bar configuration, the bar's layout, players and previews.
        .target(name: "CYLTabBar", dependencies: ["CYLConvert", "CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // The facade: re-exports and the standard registry, nothing else.
        .target(name: "CYLTabBarItemAnimation", dependencies: [
            "CYLTimeline", "CYLRaster", "CYLConvert", "CYLTabBar",
            "CYLGIFAnimator", "CYLFrameSequenceAnimator", "CYLLottieAnimator",
        ]),
        .executableTarget(name: "cylanim", dependencies: ["CYLTabBarItemAnimation"], path: "tools/cylanim"),

        // Benchmarks: release executables; the C reference lives beside them so one run prints the ratio.
        .target(name: "CBenchReference", path: "Benchmarks/CBenchReference",
                cSettings: [.unsafeFlags(["-O3"])],
                linkerSettings: [.linkedLibrary("gif"), .linkedLibrary("png")]),
        .executableTarget(name: "CodecBench", dependencies: ["CYLCodecs", "CBenchReference"],
                          path: "Benchmarks/CodecBench"),

        .executableTarget(name: "RasterBench", dependencies: ["CYLRaster", "CYLGeometry"],
                          path: "Benchmarks/RasterBench"),

        .executableTarget(name: "EncodeBench", dependencies: ["CYLCodecs", "CYLRaster", "CYLGeometry"],
                          path: "Benchmarks/EncodeBench", exclude: ["pillow_reference.py"]),

        .executableTarget(name: "LottieBench", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster"],
                          path: "Benchmarks/LottieBench"),

        .testTarget(name: "CYLGeometryTests", dependencies: ["CYLGeometry"]),
        // Helpers shared by test targets (golden image comparison); not a test target itself.
        .target(name: "CYLTestSupport", dependencies: ["CYLRaster", "CYLCodecs"], path: "Tests/CYLTestSupport"),
        .testTarget(name: "CYLRasterTests", dependencies: ["CYLRaster", "CYLCodecs", "CYLTestSupport"]),
        .testTarget(name: "CYLCodecsTests", dependencies: ["CYLCodecs"]),
        .testTarget(name: "CYLTimelineTests", dependencies: ["CYLTimeline"]),
        .testTarget(name: "CYLScriptTests", dependencies: ["CYLScript"]),
        .testTarget(name: "CYLGIFAnimatorTests", dependencies: ["CYLGIFAnimator", "CYLCodecs"]),
        .testTarget(name: "CYLFrameSequenceAnimatorTests", dependencies: ["CYLFrameSequenceAnimator", "CYLCodecs"]),
        .testTarget(name: "CYLLottieAnimatorTests", dependencies: ["CYLLottieAnimator", "CYLCodecs"],
                    exclude: ["fidelity-baseline.txt"]),  // read from #filePath, not bundled
        .testTarget(name: "CYLConvertTests", dependencies: ["CYLTabBarItemAnimation", "CYLCodecs", "CYLTestSupport"]),
        .testTarget(name: "CYLTabBarTests", dependencies: ["CYLTabBarItemAnimation", "CYLCodecs", "CYLTestSupport"]),
        .testTarget(name: "cylanimTests", dependencies: ["CYLTabBarItemAnimation", "CYLCodecs", "CYLTestSupport", "cylanim"]),
    ]
)

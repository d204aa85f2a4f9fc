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
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP"),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG"),
        .systemLibrary(name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1"),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig"),
        // Duktape, built from the source Debian's duktape-dev ships (see duktape_build.c for why
        // not its shared library); optimised even in debug builds, its warnings are not ours.
        .target(name: "CScriptDuktape", cSettings: [.unsafeFlags(["-O2", "-w"])], linkerSettings: [.linkedLibrary("m")]),

        // libm: these modules import no Foundation, so nothing else pulls in floor/round/sqrt.
        .target(name: "CYLGeometry", linkerSettings: [.linkedLibrary("m")]),
        // Blend-mode rows in C: target_clones picks AVX2 (and for the float modes AVX-512) code at
        // load time where the CPU has it.
        .target(name: "CRasterKernels", cSettings: [.unsafeFlags(["-O3"])]),
        .target(name: "CYLRaster", dependencies: ["CYLGeometry", "CRasterKernels"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CYLCodecs", dependencies: ["CYLRaster", "CYLGeometry", "CGIF", "CPNG", "CZlib", "CWebP", "CFreeType", "CJPEG", "CYAML", "CFontconfig"]),
        .target(name: "CYLTimeline", dependencies: ["CYLRaster"]),
        .target(name: "CYLGIFAnimator", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster"]),
        .target(name: "CYLFrameSequenceAnimator", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // The embedded JavaScript engine for Lottie expressions: owns all engine memory and budgets.
        .target(name: "CYLScript", dependencies: ["CScriptDuktape"]),
        .target(name: "CYLLottieAnimator", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster", "CYLGeometry", "CYLScript"]),
        .target(name: "CYLRiveAnimator", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster", "CYLGeometry"]),
        // Conversion and output files (the one frame writer, staged files, output plans).
        .target(name: "CYLConvert", dependencies: ["CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // The seed's tab-bar configuration, the bar's layout, players and previews.
        .target(name: "CYLTabBar", dependencies: ["CYLConvert", "CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // `cylanim build`: pipeline files, jobs on a thread pool, the incremental manifest, shards.
        .target(name: "CYLPipeline", dependencies: ["CYLConvert", "CYLTabBar", "CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // Review tools: the self-contained HTML review page, frame-by-frame diff, lint for tab icons.
        .target(name: "CYLReview", dependencies: ["CYLPipeline", "CYLTabBar", "CYLConvert", "CYLTimeline", "CYLCodecs", "CYLRaster"]),
        // The facade: re-exports and the standard registry, nothing else.
        .target(name: "CYLTabBarItemAnimation", dependencies: [
            "CYLTimeline", "CYLRaster", "CYLConvert", "CYLTabBar", "CYLPipeline", "CYLReview",
            "CYLGIFAnimator", "CYLFrameSequenceAnimator", "CYLLottieAnimator", "CYLRiveAnimator",
        ]),
        .executableTarget(name: "cylanim", dependencies: ["CYLTabBarItemAnimation"], path: "tools/cylanim"),

        // Benchmarks: release executables; the C reference lives beside them so one run prints the ratio
        // (json-c is linked only here, as the peer of our JSON reader).
        .target(name: "CBenchReference", path: "Benchmarks/CBenchReference",
                cSettings: [.unsafeFlags(["-O3"])],
                linkerSettings: [.linkedLibrary("gif"), .linkedLibrary("png"), .linkedLibrary("json-c")]),
        .executableTarget(name: "CodecBench", dependencies: ["CYLCodecs", "CBenchReference"],
                          path: "Benchmarks/CodecBench"),

        .executableTarget(name: "RasterBench", dependencies: ["CYLRaster", "CYLGeometry"],
                          path: "Benchmarks/RasterBench"),

        .executableTarget(name: "EncodeBench", dependencies: ["CYLCodecs", "CYLRaster", "CYLGeometry"],
                          path: "Benchmarks/EncodeBench", exclude: ["pillow_reference.py"]),

        .executableTarget(name: "LottieBench", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster", "CBenchReference"],
                          path: "Benchmarks/LottieBench"),

        // Spawns the release `cylanim build` over the shared corpus: --jobs 1 vs 2, no-change rebuild, peak memory.
        .executableTarget(name: "PipelineBench", path: "Benchmarks/PipelineBench"),

        .testTarget(name: "CYLGeometryTests", dependencies: ["CYLGeometry"]),
        // Helpers shared by test targets (golden image comparison); not a test target itself.
        .target(name: "CYLTestSupport", dependencies: ["CYLRaster", "CYLCodecs"], path: "Tests/CYLTestSupport"),
        // The test executable's malloc family, counting allocations per thread (allocation tests).
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .testTarget(name: "CYLRasterTests", dependencies: ["CYLRaster", "CYLCodecs", "CYLTestSupport"]),
        .testTarget(name: "CYLCodecsTests", dependencies: ["CYLCodecs", "CYLTestSupport"]),
        .testTarget(name: "CYLTimelineTests", dependencies: ["CYLTimeline"]),
        .testTarget(name: "CYLScriptTests", dependencies: ["CYLScript"]),
        .testTarget(name: "CYLGIFAnimatorTests", dependencies: ["CYLGIFAnimator", "CYLCodecs"]),
        .testTarget(name: "CYLFrameSequenceAnimatorTests", dependencies: ["CYLFrameSequenceAnimator", "CYLCodecs"]),
        .testTarget(name: "CYLLottieAnimatorTests", dependencies: ["CYLLottieAnimator", "CYLCodecs", "CJPEG", "CAllocationCounter"],
                    exclude: ["fidelity-baseline.txt", "reference-mistakes.txt"]),  // read from #filePath, not bundled
        .testTarget(name: "CYLRiveAnimatorTests", dependencies: ["CYLRiveAnimator", "CYLCodecs", "CYLTestSupport"],
                    exclude: ["fidelity-baseline.txt", "FuzzRegressions"]),  // read from #filePath, not bundled
        .testTarget(name: "CYLConvertTests", dependencies: ["CYLTabBarItemAnimation", "CYLCodecs", "CYLTestSupport"]),
        .testTarget(name: "CYLTabBarTests", dependencies: ["CYLTabBarItemAnimation", "CYLCodecs", "CYLTestSupport"],
                    exclude: ["ConfigCatalogue"]),  // read from #filePath, not bundled
        // CWebP: the sprite-sheet test decodes WebP with libwebp's own decoder, independently of our encoder.
        .testTarget(name: "CYLReviewTests", dependencies: ["CYLTabBarItemAnimation", "CYLReview", "CYLCodecs", "CWebP"]),
        .testTarget(name: "CYLPipelineTests", dependencies: ["CYLTabBarItemAnimation", "CYLCodecs"]),
        .testTarget(name: "cylanimTests", dependencies: ["CYLTabBarItemAnimation", "CYLCodecs", "CYLTestSupport", "cylanim"],
                    exclude: ["FuzzRegressions"]),  // inputs found by Fuzz/, read from #filePath
    ]
)

// Fuzz targets (Fuzz/README.md): libFuzzer entry points whose code is all inside `#if FUZZING`, so
// an ordinary build compiles them to empty programs. `make fuzz TARGET=lottie SECONDS=600` builds one
// with the fuzzer and AddressSanitizer in .build/fuzz and runs it on its seed corpus and dictionary.
package.targets += [
    .target(name: "FuzzSupport", dependencies: ["CYLCodecs"], path: "Fuzz/FuzzSupport"),
    .executableTarget(name: "FuzzLottie", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzLottie", exclude: ["lottie.dict"]),
    .executableTarget(name: "FuzzDotLottie", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzDotLottie", exclude: ["dotlottie.dict"]),
    .executableTarget(name: "FuzzGIF", dependencies: ["CYLGIFAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzGIF", exclude: ["gif.dict"]),
    .executableTarget(name: "FuzzPNG", dependencies: ["CYLCodecs", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzPNG", exclude: ["png.dict"]),
    .executableTarget(name: "FuzzFrameManifest", dependencies: ["CYLFrameSequenceAnimator", "CYLTimeline", "CYLCodecs", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzFrameManifest", exclude: ["manifest.dict", "seeds"]),
    .executableTarget(name: "FuzzRive", dependencies: ["CYLRiveAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzRive", exclude: ["rive.dict"]),
    .executableTarget(name: "FuzzTabBarConfig", dependencies: ["CYLTabBarItemAnimation", "FuzzSupport"],
                      path: "Fuzz/FuzzTabBarConfig", exclude: ["tabbar.dict", "seeds"]),
]

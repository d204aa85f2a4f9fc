// swift-tools-version:6.0
// The module graph follows DESIGN.md §2 and the README's "Architecture": C shims -> raster -> image codecs,
// documents, text -> timeline -> back-ends -> tab bar, convert, pipeline, review -> facade -> CLI.
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
        // H.264 for PAG video sequences: Cisco's decoder-only openh264 (libopenh264-dev).
        .systemLibrary(name: "COpenH264", path: "Sources/COpenH264", pkgConfig: "openh264"),
        // Text shaping (HarfBuzz) and the Unicode bidirectional algorithm (FriBidi), for Rive text.
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi"),
        // Duktape, built from the source Debian's duktape-dev ships (see duktape_build.c for why
        // not its shared library); optimised even in debug builds, its warnings are not ours.
        // SDL2 for `cylanim play`'s window, dlopen'ed at run time so nothing else needs it (csdl2.h says why).
        .target(name: "CSDL2", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CScriptDuktape", cSettings: [.unsafeFlags(["-O2", "-w"])], linkerSettings: [.linkedLibrary("m")]),

        // libm: these modules import no Foundation, so nothing else pulls in floor/round/sqrt.
        .target(name: "CYLGeometry", linkerSettings: [.linkedLibrary("m")]),
        // Every bound on untrusted input and the names messages give them; depends on nothing.
        .target(name: "CYLLimits"),
        // Blend-mode rows in C: target_clones picks AVX2 (and for the float modes AVX-512) code at
        // load time where the CPU has it.
        .target(name: "CRasterKernels", cSettings: [.unsafeFlags(["-O3"])]),
        .target(name: "CYLRaster", dependencies: ["CYLGeometry", "CYLLimits", "CRasterKernels"], linkerSettings: [.linkedLibrary("m")]),
        // The C libraries' one Swift owner, split by job so a module links only what it reads:
        // GIF/PNG/APNG/WebP/JPEG decode and encode and palette quantization; structured documents
        // (JSON, JSON5, YAML, plists) with zip, gzip, dotLottie and Base64; fonts (FreeType outlines,
        // fontconfig lookup, HarfBuzz shaping, FriBidi ordering).
        .target(name: "CYLImageCodecs", dependencies: ["CYLRaster", "CRasterKernels", "CYLLimits", "CGIF", "CPNG", "CZlib", "CWebP", "CJPEG", "COpenH264"]),
        .target(name: "CYLDocuments", dependencies: ["CYLLimits", "CZlib", "CYAML"]),
        .target(name: "CYLText", dependencies: ["CYLRaster", "CYLGeometry", "CYLLimits", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi"]),
        .target(name: "CYLTimeline", dependencies: ["CYLLimits", "CYLRaster", "CYLDocuments"]),
        .target(name: "CYLGIFAnimator", dependencies: ["CYLTimeline", "CYLImageCodecs", "CYLRaster"]),
        .target(name: "CYLFrameSequenceAnimator", dependencies: ["CYLTimeline", "CYLImageCodecs", "CYLDocuments", "CYLRaster"]),
        // The embedded JavaScript engine for Lottie expressions: owns all engine memory and budgets.
        .target(name: "CYLScript", dependencies: ["CScriptDuktape"]),
        .target(name: "CYLLottieAnimator", dependencies: ["CYLTimeline", "CYLDocuments", "CYLImageCodecs", "CYLText", "CYLRaster", "CYLGeometry", "CYLScript"]),
        // PAG is an After Effects export like Lottie: it reads its own tags into the Lottie back-end's
        // model (package access) and draws with its renderer.
        .target(name: "CYLPAGAnimator", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLDocuments", "CYLLimits", "CYLImageCodecs", "CYLRaster", "CYLGeometry"]),
        .target(name: "CYLRiveAnimator", dependencies: ["CYLTimeline", "CYLImageCodecs", "CYLDocuments", "CYLText", "CYLRaster", "CYLGeometry"]),
        // Conversion and output files (the one frame writer, staged files, output plans).
        .target(name: "CYLConvert", dependencies: ["CYLTimeline", "CYLImageCodecs", "CYLDocuments", "CYLRaster"]),
        // The seed's tab-bar configuration, the bar's layout, players and previews.
        .target(name: "CYLTabBar", dependencies: ["CYLConvert", "CYLTimeline", "CYLImageCodecs", "CYLDocuments", "CYLText", "CYLRaster"]),
        // `cylanim build`: pipeline files, jobs on a thread pool, the incremental manifest, shards.
        .target(name: "CYLPipeline", dependencies: ["CYLConvert", "CYLTabBar", "CYLTimeline", "CYLImageCodecs", "CYLDocuments", "CYLRaster"]),
        // Review tools: the self-contained HTML review page, frame-by-frame diff, lint for tab icons.
        .target(name: "CYLReview", dependencies: ["CYLTabBar", "CYLConvert", "CYLTimeline", "CYLImageCodecs", "CYLDocuments", "CYLText", "CYLRaster", "CYLGeometry"]),
        // The facade: re-exports and the standard registry, nothing else.
        .target(name: "CYLTabBarItemAnimation", dependencies: [
            "CYLTimeline", "CYLRaster", "CYLConvert", "CYLTabBar", "CYLPipeline", "CYLReview",
            "CYLGIFAnimator", "CYLFrameSequenceAnimator", "CYLLottieAnimator", "CYLRiveAnimator", "CYLPAGAnimator",
        ]),
        .executableTarget(name: "cylanim", dependencies: ["CYLTabBarItemAnimation", "CYLImageCodecs", "CYLDocuments", "CYLText", "CSDL2"],
                          path: "tools/cylanim"),

        // Benchmarks: release executables; the C reference lives beside them so one run prints the ratio
        // (json-c is linked only here, as the peer of our JSON reader).
        .target(name: "CBenchReference", path: "Benchmarks/CBenchReference",
                cSettings: [.unsafeFlags(["-O3"])],
                linkerSettings: [.linkedLibrary("gif"), .linkedLibrary("png"), .linkedLibrary("json-c")]),
        .executableTarget(name: "CodecBench", dependencies: ["CYLImageCodecs", "CYLDocuments", "CYLRaster", "CBenchReference"],
                          path: "Benchmarks/CodecBench"),

        .executableTarget(name: "RasterBench", dependencies: ["CYLRaster", "CYLGeometry", "CRasterKernels"],
                          path: "Benchmarks/RasterBench"),

        .executableTarget(name: "EncodeBench", dependencies: ["CYLImageCodecs", "CYLPipeline", "CYLRaster", "CYLGeometry"],
                          path: "Benchmarks/EncodeBench", exclude: ["pillow_reference.py"]),

        .executableTarget(name: "LottieBench", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster", "CBenchReference"],
                          path: "Benchmarks/LottieBench"),

        // Spawns the release `cylanim build` over the shared corpus: --jobs 1 vs 2, no-change rebuild, peak memory.
        .executableTarget(name: "PipelineBench", path: "Benchmarks/PipelineBench"),

        .testTarget(name: "CYLGeometryTests", dependencies: ["CYLGeometry"]),
        .testTarget(name: "CYLLimitsTests", dependencies: ["CYLLimits"]),
        // Helpers shared by test targets (golden image comparison); not a test target itself.
        .target(name: "CYLTestSupport", dependencies: ["CYLRaster", "CYLImageCodecs"], path: "Tests/CYLTestSupport"),
        // The test executable's malloc family, counting allocations per thread (allocation tests).
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .testTarget(name: "CYLRasterTests", dependencies: ["CYLRaster", "CYLTestSupport"]),
        // CYLPipeline for SHA-256 only: the GIF tests compare decoded frames with the corpus's reference hashes.
        .testTarget(name: "CYLImageCodecsTests", dependencies: ["CYLImageCodecs", "CYLPipeline", "CYLTestSupport", "CWebP"]),
        .testTarget(name: "CYLDocumentsTests", dependencies: ["CYLDocuments", "CYLTestSupport"]),
        .testTarget(name: "CYLTextTests", dependencies: ["CYLText", "CYLGeometry"]),
        .testTarget(name: "CYLTimelineTests", dependencies: ["CYLTimeline"]),
        .testTarget(name: "CYLScriptTests", dependencies: ["CYLScript"]),
        .testTarget(name: "CYLGIFAnimatorTests", dependencies: ["CYLGIFAnimator", "CYLPipeline"]),
        .testTarget(name: "CYLFrameSequenceAnimatorTests", dependencies: ["CYLFrameSequenceAnimator", "CYLImageCodecs"]),
        .testTarget(name: "CYLLottieAnimatorTests", dependencies: ["CYLLottieAnimator", "CYLImageCodecs", "CYLDocuments", "CYLScript", "CJPEG", "CAllocationCounter"],
                    exclude: ["fidelity-baseline.txt", "reference-mistakes.txt"]),  // read from #filePath, not bundled
        .testTarget(name: "CYLRiveAnimatorTests", dependencies: ["CYLRiveAnimator", "CYLImageCodecs", "CYLText", "CYLGeometry", "CYLTestSupport"],
                    exclude: ["fidelity-baseline.txt", "FuzzRegressions"]),  // read from #filePath, not bundled
        .testTarget(name: "CYLPAGAnimatorTests", dependencies: ["CYLPAGAnimator", "CYLImageCodecs", "CYLText", "CYLTestSupport"],
                    exclude: ["fidelity-baseline.txt", "FuzzRegressions"]),  // read from #filePath, not bundled
        .testTarget(name: "CYLConvertTests", dependencies: ["CYLTabBarItemAnimation", "CYLImageCodecs", "CYLTestSupport"]),
        .testTarget(name: "CYLTabBarTests", dependencies: ["CYLTabBarItemAnimation", "CYLImageCodecs", "CYLDocuments", "CYLText", "CYLTestSupport", "CAllocationCounter"],
                    exclude: ["ConfigCatalogue"]),  // read from #filePath, not bundled
        // CWebP: the sprite-sheet test decodes WebP with libwebp's own decoder, independently of our encoder.
        .testTarget(name: "CYLReviewTests", dependencies: ["CYLTabBarItemAnimation", "CYLReview", "CYLImageCodecs", "CYLDocuments", "CWebP"]),
        .testTarget(name: "CYLPipelineTests", dependencies: ["CYLTabBarItemAnimation", "CYLImageCodecs", "CYLDocuments"]),
        .testTarget(name: "cylanimTests", dependencies: ["CYLTabBarItemAnimation", "CYLImageCodecs", "CYLDocuments", "CYLScript", "CYLTestSupport", "cylanim"],
                    exclude: ["FuzzRegressions"]),  // inputs found by Fuzz/, read from #filePath
    ]
)

// Fuzz targets (Fuzz/README.md): libFuzzer entry points whose code is all inside `#if FUZZING`, so
// an ordinary build compiles them to empty programs. `make fuzz TARGET=lottie SECONDS=600` builds one
// with the fuzzer and AddressSanitizer in .build/fuzz and runs it on its seed corpus and dictionary.
package.targets += [
    .target(name: "FuzzSupport", dependencies: ["CYLDocuments"], path: "Fuzz/FuzzSupport"),
    .executableTarget(name: "FuzzLottie", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzLottie", exclude: ["lottie.dict"]),
    .executableTarget(name: "FuzzDotLottie", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzDotLottie", exclude: ["dotlottie.dict"]),
    .executableTarget(name: "FuzzGIF", dependencies: ["CYLGIFAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzGIF", exclude: ["gif.dict"]),
    .executableTarget(name: "FuzzPNG", dependencies: ["CYLImageCodecs", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzPNG", exclude: ["png.dict"]),
    .executableTarget(name: "FuzzFrameManifest", dependencies: ["CYLFrameSequenceAnimator", "CYLTimeline", "CYLImageCodecs", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzFrameManifest", exclude: ["manifest.dict", "seeds"]),
    .executableTarget(name: "FuzzExpression", dependencies: ["CYLLottieAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzExpression"),
    .executableTarget(name: "FuzzRive", dependencies: ["CYLRiveAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzRive", exclude: ["rive.dict", "seeds"]),
    .executableTarget(name: "FuzzPAG", dependencies: ["CYLPAGAnimator", "CYLTimeline", "CYLRaster", "FuzzSupport"],
                      path: "Fuzz/FuzzPAG", exclude: ["pag.dict"]),
    .executableTarget(name: "FuzzTabBarConfig", dependencies: ["CYLTabBarItemAnimation", "FuzzSupport"],
                      path: "Fuzz/FuzzTabBarConfig", exclude: ["tabbar.dict", "seeds"]),
    .executableTarget(name: "FuzzPipeline", dependencies: ["CYLTabBarItemAnimation", "FuzzSupport"],
                      path: "Fuzz/FuzzPipeline", exclude: ["pipeline.dict", "seeds"]),
]

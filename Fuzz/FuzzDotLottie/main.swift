// libFuzzer target: dotLottie (.lottie, a zip with manifest.json, a/ or animations/*.json and
// t/*.json themes) through the back-end's entry point, then the first frame rendered small; then
// again with each of the first animation's themes (at most `maxThemes`), so theme rules are read,
// turned into slot values and drawn. The zip reader, inflate and themes are the code under test;
// Lottie itself has its own target.
// Built by `make fuzz TARGET=dotlottie`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLDocuments
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport

/// Themes drawn per input: enough to reach every rule path without one input taking long.
let maxThemes = 4

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.lottie"
    do {
        let timeline = try DotLottieAnimator().timeline(bytes: bytes, name: name, options: OpenOptions())
        _ = try timeline.render(frame: 0, size: PixelSize(16, 16))
    } catch {
        Fuzz.checkError(error, names: name)
        return 0
    }
    guard let file = try? DotLottieFile(bytes: bytes, name: name, maxEntryBytes: Limits.standard.maxJSONBytes) else { return 0 }
    for theme in file.themeIDs(forAnimation: file.animationIDs[0]).prefix(maxThemes) {
        do {
            let timeline = try DotLottieAnimator().timeline(bytes: bytes, name: name, options: OpenOptions(theme: theme))
            _ = try timeline.render(frame: 0, size: PixelSize(16, 16))
        } catch {
            Fuzz.checkError(error, names: name)
        }
    }
    return 0
}
#endif

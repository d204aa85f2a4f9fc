// libFuzzer target: dotLottie (.lottie, a zip with manifest.json and animations/*.json) through the
// back-end's entry point, then the first frame rendered small. The zip reader and inflate are the
// code under test; Lottie itself has its own target.
// Built by `make fuzz TARGET=dotlottie`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.lottie"
    do {
        let timeline = try DotLottieAnimator().timeline(bytes: bytes, name: name, options: OpenOptions())
        _ = try timeline.render(frame: 0, size: PixelSize(16, 16))
    } catch {
        Fuzz.checkError(error, names: name)
    }
    return 0
}
#endif

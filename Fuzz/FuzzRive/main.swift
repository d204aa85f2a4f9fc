// libFuzzer target: Rive (.riv) through the back-end's entry point: the binary reader (header,
// table of contents, objects and their properties), the component graph and scene plan, then a
// few frames of the chosen animation or state machine drawn small. Every other input is opened as
// a tab opens it (rest pose, then the selection played).
// Built by `make fuzz TARGET=rive`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLRaster
import CYLRiveAnimator
import CYLTimeline
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.riv"
    // Smaller than the defaults so one input stays fast under instrumentation; the bounds
    // themselves are what is tested (an artboard of 1e9 points must be refused, not drawn).
    var options = OpenOptions(limits: Limits(maxCanvasPixels: 1 << 16, maxFrames: 600, maxDrawsPerFrame: 5_000,
                                             maxObjects: 20_000))
    options.playsSelection = size % 2 == 1
    do {
        let timeline = try RiveDocument(bytes: bytes, name: name, options: options).timeline()
        let last = timeline.frameCount - 1
        var target = try Pixmap(width: 24, height: 24)
        for frame in Set([0, last / 2, last]) {
            try timeline.source.render(frame: frame, into: &target)
        }
    } catch {
        Fuzz.checkError(error, names: name)
    }
    return 0
}
#endif

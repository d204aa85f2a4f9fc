// libFuzzer target: PAG (.pag, libpag's After Effects export) through the back-end's entry point:
// the header, the tag lists of the file, its compositions, layers and shapes (attribute blocks,
// bit-packed keyframes and paths), the After Effects model built from them (ids, cycles, parents),
// then the first, middle and last frame drawn at 24x24.
// Built by `make fuzz TARGET=pag`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.pag"
    // Smaller than the defaults so one input stays fast under instrumentation; the bounds
    // themselves are what is tested (a composition of 1e9 frames or pixels must be refused).
    let options = OpenOptions(limits: Limits(maxCanvasPixels: 1 << 16, maxFrames: 600, maxDrawsPerFrame: 5_000,
                                             maxObjects: 20_000))
    do {
        let timeline = try PAGDocument(bytes: bytes, name: name, options: options).timeline()
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

// libFuzzer target: GIF through the back-end's entry point (header scan, then every frame decoded
// and composited, drawn small), plus the oracle behind `info`: a GIF that `info` accepts must
// render every frame.
// Built by `make fuzz TARGET=gif`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLGIFAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let name = "fuzz.gif"
    // Smaller than the defaults so one input stays fast under the fuzzer's instrumentation (a
    // 155-frame 472x298 GIF took 0.3 s in release but over 10 s instrumented); the bounds
    // themselves are what is tested.
    let options = OpenOptions(limits: Limits(maxCanvasPixels: 1 << 16, maxFrames: 64, maxDecodedBytes: 8 << 20))
    let timeline: FrameTimeline
    do {
        timeline = try GIFAnimator().timeline(bytes: bytes, name: name, options: options)
    } catch {
        Fuzz.checkError(error, names: name)
        return 0
    }
    // What `info` does: every frame drawn once. When that passes, `render` at another size must too.
    let check = timeline.checkEveryFrame()
    if let error = check.error {
        Fuzz.checkError(error, names: name)
        return 0
    }
    // A fresh open, as `render` makes its own.
    guard let again = try? GIFAnimator().timeline(bytes: bytes, name: name, options: options) else {
        fatalError("the GIF opened once but not twice")
    }
    var target = try! Pixmap(width: 9, height: 7)
    for i in 0..<again.frameCount {
        do {
            try again.source.render(frame: i, into: &target)
        } catch {
            fatalError("info accepted every frame but rendering frame \(i) failed: \(error)")
        }
    }
    return 0
}
#endif

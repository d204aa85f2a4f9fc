// libFuzzer target: a folder of PNG frames timed by manifest.json, opened through the registry's
// frame-sequence back-end; the input is the manifest. Then the timeline's clock and a tab-bar
// player run over it, and every frame is drawn small.
// Built by `make fuzz TARGET=manifest`; compiled only with -DFUZZING (Fuzz/README.md).
#if FUZZING
import CYLImageCodecs
import CYLFrameSequenceAnimator
import CYLRaster
import CYLTimeline
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// A private folder with three 4x4 frames; each input is written to its manifest.json.
let folder: String = {
    var template = Array("/tmp/cyl-fuzz-frames-XXXXXX".utf8CString)
    guard let dir = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    let path = String(cString: dir)
    for i in 0..<3 {
        var p = try! Pixmap(width: 4, height: 4)
        p.fill(RGBA8(UInt8(80 * i), 0, 0, 255))
        write(try! PNGCodec.encode(p), to: "\(path)/f\(i).png")
    }
    return path
}()

func write(_ bytes: [UInt8], to path: String) {
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let manifest = "\(folder)/manifest.json"
    write(Fuzz.bytes(data, size), to: manifest)
    do {
        let probe = try ContentProbe.read(path: folder)
        let timeline = try FrameSequenceAnimator().timeline(for: probe, options: OpenOptions())
        for t in [Duration.zero, timeline.duration / 2, timeline.duration, timeline.duration * 3] {
            _ = timeline.frameIndex(at: t)
        }
        var player = try Player(timeline: timeline, policy: .loopsWhenUnselected, speed: 1.5)
        player.select(at: .milliseconds(10))
        for t in [Duration.zero, .milliseconds(250), timeline.duration, timeline.duration * 2 + .seconds(1)] {
            _ = player.frameIndex(at: t)
        }
        for i in 0..<timeline.frameCount { _ = try timeline.render(frame: i, size: PixelSize(3, 2)) }
    } catch {
        Fuzz.checkError(error, names: folder)
    }
    return 0
}
#endif

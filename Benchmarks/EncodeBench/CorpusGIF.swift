// EncodeBench --gif FILE: re-encodes a real GIF's frames (issue 11 measures the corpus
// lottie-tabbar__example.gif, 381 frames of 1200x674) the way `cylanim convert` does with default
// options: every frame through GIFAnimationEncoder.analyze, then every frame through add, then
// finish. Frames are decoded by our GIF decoder outside the timed calls (decoded again for the
// second pass, so memory stays at a few frames however long the file is). Prints the median ms per
// frame of analyze and of add (over every frame of every run), the output size and SHA-256 (to
// check byte-identical output across changes) and the PSNR of the re-encoded frames against the
// decoded source frames.

import CYLImageCodecs
import CYLPipeline
import CYLRaster
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct CorpusGIFResult {
    var frames = 0, width = 0, height = 0
    var analyzeMs: [Double] = [], addMs: [Double] = [], finishMs: [Double] = []
    /// The same calls in CPU time of this thread: on a machine shared with other builds, wall time
    /// also counts the time the thread waited for a core.
    var analyzeCPUMs: [Double] = [], addCPUMs: [Double] = []
    /// Whole-encode time (analyze + add + finish, decode excluded) of each run.
    var runMs: [Double] = []
    var bytes = 0
    var sha256 = ""
    var psnr = 0.0
    /// Source frames compared for the PSNR (0 would mean the comparison did not run).
    var comparedFrames = 0
}

private func ms(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15
}

/// CPU time of the calling thread, in ms.
private func threadCPUms() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) * 1e-6
}

private func medianOf(_ xs: [Double]) -> Double {
    guard !xs.isEmpty else { return .nan }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Runs the corpus re-encode `iterations` times over the first `maxFrames` frames (all when nil).
func corpusGIFBench(path: String, maxFrames: Int?, iterations: Int) throws -> CorpusGIFResult {
    let source = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let name = (path as NSString).lastPathComponent
    let limit = maxFrames ?? Int.max
    var result = CorpusGIFResult()
    var output: [UInt8] = []
    var delays: [Int] = []
    for run in 0..<iterations {
        let decoder = try GIFDecoder(bytes: source, name: name)
        let encoder = try GIFAnimationEncoder(width: decoder.canvasWidth, height: decoder.canvasHeight,
                                              options: GIFEncodeOptions())
        var runTotal = 0.0
        var n = 0
        var runDelays: [Int] = []
        while n < limit, let f = try decoder.nextFrame() {
            let c0 = threadCPUms(), t0 = ContinuousClock.now
            try encoder.analyze(f.image)
            let d = ms(ContinuousClock.now - t0)
            result.analyzeCPUMs.append(threadCPUms() - c0)
            result.analyzeMs.append(d)
            runTotal += d
            runDelays.append(f.info.delayCentiseconds)
            n += 1
        }
        try decoder.rewind()
        for k in 0..<n {
            guard let f = try decoder.nextFrame() else { break }
            let c0 = threadCPUms(), t0 = ContinuousClock.now
            try encoder.add(f.image, delayCentiseconds: runDelays[k])
            let d = ms(ContinuousClock.now - t0)
            result.addCPUMs.append(threadCPUms() - c0)
            result.addMs.append(d)
            runTotal += d
        }
        let t0 = ContinuousClock.now
        let gif = try encoder.finish()
        let d = ms(ContinuousClock.now - t0)
        result.finishMs.append(d)
        result.runMs.append(runTotal + d)
        if run > 0 && gif != output {
            FileHandle.standardError.write(Data("EncodeBench: run \(run) wrote different bytes than run 0\n".utf8))
            exit(1)
        }
        output = gif
        delays = runDelays
        result.frames = n
        result.width = decoder.canvasWidth
        result.height = decoder.canvasHeight
    }
    result.bytes = output.count
    result.sha256 = SHA256.hexHash(output)
    (result.psnr, result.comparedFrames) = try psnr(source: source, name: name, delays: delays, encoded: output)
    return result
}

/// RGB PSNR (both flattened onto white) of the re-encoded animation against the source frames:
/// each source frame is compared with the output frame on screen at its start time (merged
/// frames carry the summed delay, so the timelines line up exactly).
private func psnr(source: [UInt8], name: String, delays: [Int], encoded: [UInt8]) throws -> (Double, Int) {
    let src = try GIFDecoder(bytes: source, name: name)
    let out = try GIFDecoder(bytes: encoded, name: "encoded.gif")
    var shown: Pixmap? = nil
    var nextOut = try out.nextFrame()
    var outStart = 0  // start time (cs) of `nextOut`
    var time = 0
    var se = 0.0, samples = 0.0, compared = 0
    for d in delays {
        guard var s = try src.nextFrame()?.image else { break }
        // Advance the output to the last frame that starts at or before `time`.
        while let o = nextOut, outStart <= time {
            shown = o.image
            outStart += max(0, o.info.delayCentiseconds)
            nextOut = try out.nextFrame()
        }
        guard var e = shown else { break }
        s.flatten(onto: .white)
        e.flatten(onto: .white)
        s.withUnsafeBytes { a in e.withUnsafeBytes { b in
            for y in 0..<s.height {
                let ra = y * s.stride, rb = y * e.stride
                for x in 0..<(s.width * 4) where x & 3 != 3 {
                    let v = Double(Int(a[ra + x]) - Int(b[rb + x]))
                    se += v * v
                }
            }
        }}
        samples += Double(s.width * s.height * 3)
        compared += 1
        time += max(0, d)
    }
    let mse = se / max(1, samples)
    return (mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), compared)
}

private func meanOf(_ xs: [Double]) -> Double { xs.isEmpty ? .nan : xs.reduce(0, +) / Double(xs.count) }

func printCorpusGIF(_ r: CorpusGIFResult, json: Bool) {
    let a = medianOf(r.analyzeMs), d = medianOf(r.addMs), f = medianOf(r.finishMs), run = medianOf(r.runMs)
    // Infinite PSNR (every pixel exact) prints as "lossless" / JSON null.
    let db = r.psnr.isFinite ? String(format: "%.3f", r.psnr) : (json ? "null" : "lossless")
    let am = meanOf(r.analyzeMs), dm = meanOf(r.addMs)
    let ac = medianOf(r.analyzeCPUMs), dc = medianOf(r.addCPUMs)
    if json {
        print("{\"frames\":\(r.frames),\"width\":\(r.width),\"height\":\(r.height),\"runs\":\(r.runMs.count),"
              + "\"analyze_median_ms\":\(String(format: "%.3f", a)),\"add_median_ms\":\(String(format: "%.3f", d)),"
              + "\"analyze_mean_ms\":\(String(format: "%.3f", am)),\"add_mean_ms\":\(String(format: "%.3f", dm)),"
              + "\"analyze_cpu_median_ms\":\(String(format: "%.3f", ac)),\"add_cpu_median_ms\":\(String(format: "%.3f", dc)),"
              + "\"finish_median_ms\":\(String(format: "%.3f", f)),\"run_median_ms\":\(String(format: "%.1f", run)),"
              + "\"bytes\":\(r.bytes),\"sha256\":\"\(r.sha256)\",\"psnr_db\":\(db),\"psnr_frames\":\(r.comparedFrames)}")
    } else {
        print("EncodeBench --gif: \(r.frames) frames of \(r.width)x\(r.height), default GIF options, \(r.runMs.count) runs")
        print(String(format: "analyze  %8.3f ms/frame (median), mean %.3f", a, am))
        print(String(format: "add      %8.3f ms/frame (median), mean %.3f (the first add builds the palette)", d, dm))
        print(String(format: "a+a      %8.3f ms/frame", a + d))
        print(String(format: "CPU time %8.3f + %.3f ms/frame (thread CPU, medians: analyze + add)", ac, dc))
        print(String(format: "finish   %8.3f ms", f))
        print(String(format: "run      %8.1f ms (median whole encode, decode excluded)", run))
        print("bytes    \(r.bytes)  sha256 \(r.sha256)")
        print("PSNR     \(db) dB over \(r.comparedFrames) source frames")
    }
}

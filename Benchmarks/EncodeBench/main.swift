// EncodeBench: GIF / APNG / WebP encoding of 100 frames of a 256x256 tab icon (drawn here with
// CYLRaster: a popping heart, a rotating dashed ring, a gradient badge, soft edges on transparency).
// Prints size, PSNR over the matte and encode time (median of N runs) next to Pillow's published
// figures for the same job (Pillow's GIF writer: about 47 dB, 268 KB, 351 ms).
//
//   swift run -c release EncodeBench [--json] [--iterations N] [--dump DIR]
//   swift run -c release EncodeBench --gif FILE [--frames N] [--json] [--iterations N]
//
// --dump DIR writes the 100 source frames as PNGs and our GIF, for pillow_reference.py (a dev-only
// script that runs Pillow on the very same frames on this machine).

import CYLImageCodecs
import CYLGeometry
import CYLRaster
import Foundation

let pillow = (psnr: 47.0, kilobytes: 268.0, ms: 351.0)
let size = 256, frameCount = 100, fps = 25.0
let matte = RGBA8(255, 255, 255, 255)

var json = false, iterations = 3
var dump: String?
var gifPath: String?, gifFrames: Int?
var argv = CommandLine.arguments.dropFirst().makeIterator()
while let a = argv.next() {
    switch a {
    case "--json": json = true
    case "--iterations": iterations = max(1, argv.next().flatMap(Int.init) ?? 3)
    case "--dump": dump = argv.next()
    case "--gif": gifPath = argv.next()
    case "--frames": gifFrames = argv.next().flatMap(Int.init).map { max(1, $0) }
    case "-h", "--help":
        print("usage: EncodeBench [--json] [--iterations N] [--dump DIR]\n       EncodeBench --gif FILE [--frames N] [--json] [--iterations N]")
        exit(0)
    default: FileHandle.standardError.write(Data("EncodeBench: unknown argument \(a)\n".utf8)); exit(64)
    }
}

// --gif FILE: re-encode a real GIF (CorpusGIF.swift) instead of the drawn icon.
if let gifPath {
    printCorpusGIF(try corpusGIFBench(path: gifPath, maxFrames: gifFrames, iterations: iterations), json: json)
    exit(0)
}

/// The icon at frame `i`.
func drawFrames() throws -> [Pixmap] {
    let canvas = Canvas()
    var frames: [Pixmap] = []
    let heart: Path = {
        var p = Path()
        p.move(to: Point(0, 0.35))
        p.cubic(to: Point(-0.5, -0.1), control1: Point(-0.25, 0.15), control2: Point(-0.5, 0.05))
        p.cubic(to: Point(0, -0.2), control1: Point(-0.5, -0.45), control2: Point(-0.1, -0.45))
        p.cubic(to: Point(0.5, -0.1), control1: Point(0.1, -0.45), control2: Point(0.5, -0.45))
        p.cubic(to: Point(0, 0.35), control1: Point(0.5, 0.05), control2: Point(0.25, 0.15))
        p.close()
        return p
    }()
    let ring = Path.circle(center: Point(0, 0), radius: 0.42)
    let badge = Path.circle(center: Point(0, 0), radius: 0.12)
    let red = Paint.solid(Color(0.91, 0.16, 0.27))
    for i in 0..<frameCount {
        var image = try Pixmap(width: size, height: size)
        let t = Double(i) / Double(frameCount)
        let s = Double(size)
        // Ring: rotates once per loop, drawn as 12 arcs by rotating a short dash.
        let angle = t * 2 * Double.pi
        for k in 0..<12 {
            let a = angle + Double(k) * Double.pi / 6
            var dash = Path()
            dash.move(to: Point(0.40, -0.04)); dash.line(to: Point(0.46, -0.04)); dash.line(to: Point(0.46, 0.04)); dash.line(to: Point(0.40, 0.04)); dash.close()
            let tr = Transform.rotation(a).then(.scale(s, s)).then(.translation(s / 2, s / 2))
            let v = 0.45 + 0.4 * (1 - Double(k) / 11)  // opaque dashes, darker towards the head
            try canvas.fill(dash, transform: tr, paint: .solid(Color(v, v + 0.02, v + 0.05)), into: &image)
        }
        _ = ring
        // Heart: pops (scale 0.55 -> 1.1 -> 0.9) in the first half, then rests.
        let pop = t < 0.5 ? 0.55 + 0.55 * sin(min(1, t / 0.35) * Double.pi / 2) - 0.2 * max(0, (t - 0.35) / 0.15) : 0.9
        let ht = Transform.scale(s * 0.62 * pop, s * 0.62 * pop).then(.translation(s / 2, s / 2 + 4))
        try canvas.fill(heart, transform: ht, paint: red, into: &image)
        // Badge with a radial gradient, fading in.
        let g = Gradient([ColorStop(0, Color(1, 0.85, 0.3)), ColorStop(1, Color(0.95, 0.55, 0.1))])
        let bt = Transform.translation(s * 0.74, s * 0.26)
        try canvas.fill(badge, transform: Transform.scale(s, s).then(bt),
                        paint: .radial(g, center: Point(-0.03 * s, -0.03 * s), radius: 0.12 * s, focal: Point(-0.03 * s, -0.03 * s)),
                        opacity: min(1, t * 2), into: &image)
        frames.append(image)
    }
    return frames
}

func overMatte(_ p: Pixmap) -> [UInt8] {
    var q = p
    q.flatten(onto: matte)
    return q.straightRGBA()
}

/// PSNR over the matte across all frames; `decoded[i]` is shown for `repeats[i]` source frames.
func psnr(_ source: [Pixmap], _ decoded: [(Pixmap, Int)]) -> Double {
    var se = 0.0, n = 0.0, k = 0
    for (img, rep) in decoded {
        let d = overMatte(img)
        for _ in 0..<rep where k < source.count {
            let s = overMatte(source[k])
            for i in stride(from: 0, to: s.count, by: 4) {
                for c in 0..<3 { let e = Double(Int(s[i + c]) - Int(d[i + c])); se += e * e }
            }
            n += Double(s.count / 4 * 3)
            k += 1
        }
    }
    let mse = se / max(1, n)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

@MainActor func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    var out: T? = nil
    var times: [Double] = []
    for _ in 0..<iterations {
        let t0 = ContinuousClock.now
        out = try body()
        let d = ContinuousClock.now - t0
        times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15)
    }
    return (out!, median(times))
}

let frames = try drawFrames()
let delay = Int(100 / fps)
var rows: [(String, Int, Double, Double)] = []

let variants: [(DitherMode, Int, Int)] = ProcessInfo.processInfo.environment["ENCODEBENCH_SWEEP"] != nil
    ? [(.none, 256, 0), (.none, 128, 3), (.none, 96, 3), (.none, 64, 3), (.none, 48, 3), (.none, 32, 3), (.ordered, 64, 3)]
    : [(.none, 256, 3), (.ordered, 256, 3), (.fs, 256, 3)]
for (dither, colors, tolerance) in variants {
    let opts = GIFEncodeOptions(transparency: .matte(matte), dither: dither, loopCount: 0, maxColors: colors, unchangedTolerance: tolerance)
    let (gif, ms) = try time { try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: Array(repeating: delay, count: frameCount), options: opts) }
    let dec = try GIFDecoder(bytes: gif, name: "bench.gif")
    var decoded: [(Pixmap, Int)] = []
    while let f = try dec.nextFrame() { decoded.append((f.image, max(1, f.info.delayCentiseconds / delay))) }
    rows.append(("GIF \(dither.rawValue) c\(colors) t\(tolerance)", gif.count, psnr(frames, decoded), ms))
    if dither == .none, rows.count == 1, let dir = dump {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (i, f) in frames.enumerated() {
            try Data(try PNGCodec.encode(f)).write(to: URL(fileURLWithPath: "\(dir)/frame-\(String(format: "%03d", i)).png"))
        }
        try Data(gif).write(to: URL(fileURLWithPath: "\(dir)/ours.gif"))
    }
}
do {
    let (png, ms) = try time { () throws -> [UInt8] in
        let e = try APNGEncoder(width: size, height: size)
        for f in frames { try e.add(f, duration: .milliseconds(40)) }
        return try e.finish()
    }
    rows.append(("APNG level 1", png.count, .infinity, ms))
    let (png9, ms9) = try time { () throws -> [UInt8] in
        let e = try APNGEncoder(width: size, height: size, options: APNGEncodeOptions(compressionLevel: 9))
        for f in frames { try e.add(f, duration: .milliseconds(40)) }
        return try e.finish()
    }
    rows.append(("APNG level 9", png9.count, .infinity, ms9))
    let (webp, wms) = try time { () throws -> [UInt8] in
        let e = try WebPAnimationEncoder(width: size, height: size)
        for f in frames { try e.add(f, duration: .milliseconds(40)) }
        return try e.finish()
    }
    rows.append(("WebP lossless", webp.count, .infinity, wms))
}

if json {
    let items = rows.map { r in
        "{\"name\":\"\(r.0)\",\"bytes\":\(r.1),\"psnr_db\":\(r.2.isFinite ? String(format: "%.2f", r.2) : "null"),\"median_ms\":\(String(format: "%.1f", r.3))}"
    }
    print("{\"frames\":\(frameCount),\"size\":\(size),\"pillow\":{\"psnr_db\":\(pillow.psnr),\"kb\":\(pillow.kilobytes),\"ms\":\(pillow.ms)},\"results\":[\(items.joined(separator: ","))]}")
} else {
    print("EncodeBench: \(frameCount) frames of a \(size)x\(size) icon, matte #ffffff, median of \(iterations)")
    print("name                    size KB   PSNR dB   time ms")
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
    func row(_ name: String, _ kb: Double, _ db: String, _ ms: Double) {
        print(pad(name, 22) + lpad(String(format: "%.1f", kb), 9) + lpad(db, 10) + lpad(String(format: "%.1f", ms), 10))
    }
    row("Pillow GIF (published)", pillow.kilobytes, String(format: "%.2f", pillow.psnr), pillow.ms)
    for r in rows { row(r.0, Double(r.1) / 1000, r.2.isFinite ? String(format: "%.2f", r.2) : "lossless", r.3) }
    print("Pillow on these very frames: run Benchmarks/EncodeBench/pillow_reference.py after --dump DIR.")
}

// CodecBench: GIF decode+composite per frame, PNG encode per frame and JSON parse per document, Swift
// (CYLImageCodecs, CYLDocuments) against a plain C reference over the same libraries (CBenchReference; json-c alone for
// JSON), with medians, p90 and ratios.
//
//   swift run -c release CodecBench [--json] [--iterations N] [--corpus DIR]

import CBenchReference
import CYLImageCodecs
import CYLDocuments
import CYLRaster
import Foundation

struct Options {
    var json = false
    var iterations = 5
    var corpus: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus").path
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let a = args.next() {
        switch a {
        case "--json": o.json = true
        case "--iterations":
            guard let v = args.next().flatMap(Int.init), v > 0 else { fail("--iterations needs a positive number") }
            o.iterations = v
        case "--corpus":
            guard let v = args.next() else { fail("--corpus needs a directory") }
            o.corpus = v
        case "-h", "--help":
            print("usage: CodecBench [--json] [--iterations N] [--corpus DIR]")
            exit(0)
        default: fail("unknown argument \(a)")
        }
    }
    return o
}

func fail(_ s: String) -> Never {
    FileHandle.standardError.write(Data("CodecBench: error: \(s)\n".utf8))
    exit(64)
}

@inline(__always) func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

struct Stats {
    var samples: [Double]   // ms
    var median: Double { percentile(0.5) }
    var p90: Double { percentile(0.9) }
    func percentile(_ q: Double) -> Double {
        let s = samples.sorted()
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))]
    }
}

struct Result {
    var name: String
    var unit: String
    var swift: Stats
    var c: Stats
    var ratio: Double { swift.median / c.median }
}

// MARK: GIF

func benchGIF(path: String, iterations: Int) -> Result {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let bytes = [UInt8](data)
    let name = (path as NSString).lastPathComponent

    // Check once that both produce the same canvases (so they do the same work).
    do {
        let d = try GIFDecoder(bytes: bytes, name: name)
        guard let c = bytes.withUnsafeBufferPointer({ cbench_gif_open($0.baseAddress, $0.count) }) else { fail("C reference cannot open \(name)") }
        defer { cbench_gif_close(c) }
        var i = 0
        while let f = try d.nextFrame() {
            guard cbench_gif_next_frame(c) == 1 else { fail("C reference stopped early at frame \(i) of \(name)") }
            var w: Int32 = 0, h: Int32 = 0
            let p = cbench_gif_canvas(c, &w, &h)!
            if !f.image.bytes.elementsEqual(UnsafeBufferPointer(start: p, count: Int(w * h * 4))) {
                fail("Swift and C canvases differ at frame \(i) of \(name)")
            }
            i += 1
        }
    } catch { fail("\(error)") }

    var swift: [Double] = [], cs: [Double] = []
    for _ in 0..<iterations {
        // Swift
        do {
            let d = try GIFDecoder(bytes: bytes, name: name)
            while true {
                let t0 = now()
                guard let f = try d.nextFrame() else { break }
                let t1 = now()
                withExtendedLifetime(f) {}
                swift.append(Double(t1 - t0) / 1e6)
            }
        } catch { fail("\(error)") }
        // C
        bytes.withUnsafeBufferPointer { buf in
            guard let c = cbench_gif_open(buf.baseAddress, buf.count) else { fail("C reference cannot open \(name)") }
            while true {
                let t0 = now()
                let r = cbench_gif_next_frame(c)
                let t1 = now()
                if r != 1 { break }
                cs.append(Double(t1 - t0) / 1e6)
            }
            cbench_gif_close(c)
        }
    }
    return Result(name: "gif decode+composite \(name)", unit: "ms/frame", swift: Stats(samples: swift), c: Stats(samples: cs))
}

// MARK: PNG

/// An icon-like image: transparent background, an anti-aliased disc with a radial tint, a ring and
/// a rounded bar; premultiplied, as the renderer would hand it to the encoder.
func iconImage(size n: Int) -> Pixmap {
    var straight = [UInt8](repeating: 0, count: n * n * 4)
    let c = Double(n) / 2, r = Double(n) * 0.38, ring = Double(n) * 0.46, ringW = Double(n) * 0.03
    for y in 0..<n {
        for x in 0..<n {
            let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
            let d = (dx * dx + dy * dy).squareRoot()
            var a = max(0, min(1, r - d + 0.5))
            let ra = max(0, min(1, ringW / 2 - abs(d - ring) + 0.5))
            let bar = (abs(dy) < Double(n) * 0.06 && abs(dx) < Double(n) * 0.25) ? 1.0 : 0.0
            var rgb = (0.2 + 0.6 * (dx / Double(n) + 0.5), 0.45, 0.9 - 0.5 * (dy / Double(n) + 0.5))
            if bar > 0 { rgb = (1, 1, 1); a = 1 }
            if ra > a { rgb = (0.95, 0.6, 0.1); a = ra }
            let i = (y * n + x) * 4
            straight[i] = UInt8(rgb.0 * 255); straight[i + 1] = UInt8(rgb.1 * 255); straight[i + 2] = UInt8(rgb.2 * 255)
            straight[i + 3] = UInt8((a * 255).rounded())
        }
    }
    return try! Pixmap(width: n, height: n, straightRGBA: straight)
}

func benchPNG(size: Int, iterations: Int) -> Result {
    let image = iconImage(size: size)
    let reps = max(3, iterations * (size <= 256 ? 40 : 4))
    var swift: [Double] = [], cs: [Double] = []
    var sizes = (0, 0)
    for _ in 0..<reps {
        let t0 = now()
        let png = try! PNGCodec.encode(image, compressionLevel: 1, filter: .none)
        let t1 = now()
        sizes.0 = png.count
        swift.append(Double(t1 - t0) / 1e6)
        let t2 = now()
        let n = image.bytes.withUnsafeBufferPointer { cbench_png_encode($0.baseAddress, Int32(size), Int32(size), 1, 0) }
        let t3 = now()
        sizes.1 = n
        cs.append(Double(t3 - t2) / 1e6)
    }
    if sizes.0 != sizes.1 { FileHandle.standardError.write(Data("note: PNG sizes differ: Swift \(sizes.0), C \(sizes.1)\n".utf8)) }
    return Result(name: "png encode \(size)x\(size) level 1 no filter (\(sizes.0) bytes)", unit: "ms/frame",
                  swift: Stats(samples: swift), c: Stats(samples: cs))
}

// MARK: JSON

/// JSONDocument.parse (values with offsets, ready for typed access) against json-c building its
/// tree alone, on one Lottie file of the corpus; both count the values so they do the same work.
func benchJSON(path: String, iterations: Int) -> Result {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let bytes = [UInt8](data)
    let name = (path as NSString).lastPathComponent
    func count(_ n: JSONNode) -> Int {
        switch n.value {
        case .array(let a): return a.reduce(1) { $0 + count($1) }
        case .object(let o): return o.reduce(1) { $0 + count($1.value) }
        default: return 1
        }
    }
    let ours = (try? JSONDocument.parse(bytes, name: name)).map(count) ?? -1
    let theirs = bytes.withUnsafeBufferPointer { cbench_json_parse($0.baseAddress, $0.count, 64) }
    if ours != theirs { FileHandle.standardError.write(Data("note: \(name): \(ours) values parsed, json-c \(theirs)\n".utf8)) }
    var swift: [Double] = [], cs: [Double] = []
    for _ in 0..<max(3, iterations * 4) {
        let t0 = now()
        let root = try? JSONDocument.parse(bytes, name: name)
        let t1 = now()
        withExtendedLifetime(root) {}
        swift.append(Double(t1 - t0) / 1e6)
        let t2 = now()
        _ = bytes.withUnsafeBufferPointer { cbench_json_parse($0.baseAddress, $0.count, 64) }
        let t3 = now()
        cs.append(Double(t3 - t2) / 1e6)
    }
    return Result(name: "json parse \(name) (\(bytes.count / 1024) KiB, \(ours) values)", unit: "ms/document",
                  swift: Stats(samples: swift), c: Stats(samples: cs))
}

// MARK: main

let options = parseOptions()
var results: [Result] = []
for file in ["image-gif__gifplayer-muybridge.gif", "lottie-tabbar__example.gif", "image-gif__sample_big.gif"] {
    let path = options.corpus + "/gif/" + file
    if FileManager.default.fileExists(atPath: path) {
        results.append(benchGIF(path: path, iterations: options.iterations))
    } else {
        FileHandle.standardError.write(Data("CodecBench: warning: \(path) not found (use --corpus DIR)\n".utf8))
    }
}
results.append(benchPNG(size: 256, iterations: options.iterations))
results.append(benchPNG(size: 1024, iterations: options.iterations))
for file in ["lottie/rlottie/tractor.json", "lottie/thorvg/1f409.json", "lottie/lottie-tabbar/home.json"] {
    let path = options.corpus + "/" + file
    if FileManager.default.fileExists(atPath: path) {
        results.append(benchJSON(path: path, iterations: options.iterations))
    } else {
        FileHandle.standardError.write(Data("CodecBench: warning: \(path) not found (use --corpus DIR)\n".utf8))
    }
}

if options.json {
    var items: [String] = []
    for r in results {
        items.append("""
          {"name": "\(r.name)", "unit": "\(r.unit)", "samples": \(r.swift.samples.count), \
        "swift_median": \(String(format: "%.4f", r.swift.median)), "swift_p90": \(String(format: "%.4f", r.swift.p90)), \
        "c_median": \(String(format: "%.4f", r.c.median)), "c_p90": \(String(format: "%.4f", r.c.p90)), \
        "ratio": \(String(format: "%.3f", r.ratio))}
        """)
    }
    print("[\n" + items.joined(separator: ",\n") + "\n]")
} else {
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    print(pad("benchmark (ms per frame; JSON: per document)", 64) + "  Swift med  Swift p90      C med      C p90  Swift/C")
    for r in results {
        print(pad(r.name, 64) + String(format: " %10.3f %10.3f %10.3f %10.3f %7.2fx", r.swift.median, r.swift.p90,
                                       r.c.median, r.c.p90, r.ratio))
    }
}

// LottieBench: parse and render every icon of the shared corpus (release build).
//
//   swift run -c release LottieBench [--corpus DIR] [--category icon|all] [--passes N] [--sizes 256,512] [--json]
//   swift run -c release LottieBench --hashes [--category all] [--sizes 256,512]
//
// `--hashes` renders every frame once and prints one FNV-1a hash of the pixels per file, size and
// frame instead of timings: diff two runs to prove a change leaves every rendered pixel the same.
//
// For each file: parse time (median of passes), json-c parsing the same bytes (its tree alone, timed
// right after each open, so both see the same machine; issue 11 asks open <= 1.25x json-c), and
// render time per frame at each size (all frames, several passes; the per-file figure is the
// median pass's ms/frame). Prints the median and p90 over files, and open / json-c per file and
// as a geometric mean. The peers on this machine kind (issue 4): ThorVG 1.0.4 and rlottie about
// 0.04-0.07 ms/frame median over the icons at 256x256, 0.03-0.06 ms to parse one.
import CBenchReference
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation

struct Options {
    var corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
    var category = "icon"
    var passes = 5
    var sizes = [256, 512]
    var json = false
    var hashes = false
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
        switch a {
        case "--corpus": o.corpus = URL(fileURLWithPath: args.popFirst() ?? ".")
        case "--category": o.category = args.popFirst() ?? "icon"
        case "--passes": o.passes = max(1, Int(args.popFirst() ?? "") ?? 5)
        case "--sizes": o.sizes = (args.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
        case "--json": o.json = true
        case "--hashes": o.hashes = true
        default:
            FileHandle.standardError.write(Data("usage: LottieBench [--corpus DIR] [--category icon|all] [--passes N] [--sizes 256,512] [--json] [--hashes]\n".utf8))
            exit(64)
        }
    }
    return o
}

func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    if s.isEmpty { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
func p90(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s.isEmpty ? 0 : s[min(s.count - 1, Int((Double(s.count) * 0.9).rounded(.up)) - 1)]
}
func ms(_ d: Duration) -> Double { d.seconds * 1000 }

let opts = parseOptions()
guard let manifest = try? String(contentsOf: opts.corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
    FileHandle.standardError.write(Data("LottieBench: no corpus at \(opts.corpus.path)\n".utf8))
    exit(66)
}
var files: [String] = []
for line in manifest.split(separator: "\n").dropFirst() {
    let f = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard f.count > 2, f[1] == "lottie", opts.category == "all" || f[2] == opts.category else { continue }
    files.append(String(f[0]))
}

if opts.hashes {
    for file in files {
        guard let data = FileManager.default.contents(atPath: opts.corpus.appendingPathComponent(file).path) else { continue }
        guard let document = try? LottieDocument(contentsOf: [UInt8](data), name: file) else {
            print("\(file) does-not-load"); continue
        }
        for size in opts.sizes {
            let renderer = document.makeRenderer()
            var target = try Pixmap(width: size, height: size)
            for f in 0..<document.frameCount {
                var h: UInt64 = 0xcbf29ce484222325
                do {
                    try renderer.render(frame: Double(f), into: &target)
                    for b in target.bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
                    print("\(file) \(size) \(f) \(String(h, radix: 16))")
                } catch {
                    print("\(file) \(size) \(f) error \(error)")
                }
            }
        }
    }
    exit(0)
}

let clock = ContinuousClock()
var parseMs: [Double] = []
var renderMs: [Int: [Double]] = [:]
var perFile: [(file: String, frames: Int, parse: Double, jsonc: Double, render: [Int: Double])] = []
for file in files {
    guard let data = FileManager.default.contents(atPath: opts.corpus.appendingPathComponent(file).path) else { continue }
    let bytes = [UInt8](data)
    var parses: [Double] = [], jsoncs: [Double] = []
    var document: LottieDocument? = nil
    for _ in 0..<opts.passes {
        let start = clock.now
        document = try? LottieDocument(contentsOf: bytes, name: file)
        parses.append(ms(clock.now - start))
        let cStart = clock.now
        _ = bytes.withUnsafeBufferPointer { cbench_json_parse($0.baseAddress, $0.count, 64) }
        jsoncs.append(ms(clock.now - cStart))
    }
    guard let document else { continue }
    let parse = median(parses)
    parseMs.append(parse)
    var row: [Int: Double] = [:]
    for size in opts.sizes {
        let renderer = document.makeRenderer()
        var target = try Pixmap(width: size, height: size)
        let n = document.frameCount
        try renderer.render(frame: 0, into: &target)  // warm the scratch buffers
        var passes: [Double] = []
        for _ in 0..<opts.passes {
            let start = clock.now
            for f in 0..<n { try renderer.render(frame: Double(f), into: &target) }
            passes.append(ms(clock.now - start) / Double(n))
        }
        row[size] = median(passes)
        renderMs[size, default: []].append(row[size]!)
    }
    perFile.append((file, document.frameCount, parse, median(jsoncs), row))
}

/// Open time over json-c's parse of the same bytes, geometric mean over the files.
let openOverJSONC = perFile.isEmpty ? 0 : exp(perFile.map { log($0.parse / max($0.jsonc, 1e-9)) }.reduce(0, +) / Double(perFile.count))

if opts.json {
    var parts: [String] = []
    parts.append("\"category\":\"\(opts.category)\",\"files\":\(perFile.count),\"passes\":\(opts.passes)")
    parts.append("\"parse_ms\":{\"median\":\(median(parseMs)),\"p90\":\(p90(parseMs))}")
    parts.append("\"open_over_jsonc_geomean\":\(openOverJSONC)")
    let sizes = opts.sizes.map { "\"\($0)\":{\"median_ms_per_frame\":\(median(renderMs[$0] ?? [])),\"p90_ms_per_frame\":\(p90(renderMs[$0] ?? []))}" }
    parts.append("\"render\":{\(sizes.joined(separator: ","))}")
    let rows = perFile.map { r in
        "{\"file\":\"\(r.file)\",\"frames\":\(r.frames),\"parse_ms\":\(r.parse),\"jsonc_ms\":\(r.jsonc),"
            + opts.sizes.map { "\"ms_per_frame_\($0)\":\(r.render[$0] ?? 0)" }.joined(separator: ",") + "}"
    }
    parts.append("\"per_file\":[\(rows.joined(separator: ","))]")
    print("{" + parts.joined(separator: ",") + "}")
} else {
    func f3(_ v: Double) -> String { String(format: "%8.3f", v) }
    print("file".padding(toLength: 56, withPad: " ", startingAt: 0) + "frames  parse ms  json-c ms  x json-c"
          + opts.sizes.map { "  ms/f@\($0)" }.joined())
    for r in perFile {
        print(r.file.padding(toLength: 56, withPad: " ", startingAt: 0) + String(format: "%6d", r.frames) + f3(r.parse) + "  "
              + f3(r.jsonc) + String(format: "  %7.2fx", r.parse / max(r.jsonc, 1e-9)) + "  "
              + opts.sizes.map { f3(r.render[$0] ?? 0) + "  " }.joined())
    }
    print("\n\(perFile.count) \(opts.category) files, \(opts.passes) passes")
    print("parse ms/file      median \(f3(median(parseMs)))   p90 \(f3(p90(parseMs)))")
    print("open / json-c      geomean \(String(format: "%.2fx", openOverJSONC))   worst "
          + (perFile.max { $0.parse / $0.jsonc < $1.parse / $1.jsonc }.map { String(format: "%.2fx (%@)", $0.parse / $0.jsonc, $0.file) } ?? "-"))
    for s in opts.sizes {
        print("render ms/frame @\(s)  median \(f3(median(renderMs[s] ?? [])))   p90 \(f3(p90(renderMs[s] ?? [])))")
    }
    print("peers (issue 4): ThorVG 1.0.4 / rlottie about 0.04-0.07 ms/frame median @256, 0.03-0.06 ms parse")
}

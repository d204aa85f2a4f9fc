import CYLCodecs
import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// Renders every reference frame of the corpus and scores it by the rule of
/// `../shared/corpus/README.md` (the same as `../shared/tools/fidelity.py`): two renders agree when
/// at most 1% of pixels differ by more than 16 in a premultiplied channel; a frame is judged where
/// at least two reference engines agree, and ours matches when it agrees with one of them.
/// Fails when fewer frames match than `fidelity-baseline.txt` records.
@Suite struct ConformanceTests {
    static let engines = ["lottieweb-svg", "thorvg", "rlottie"]

    struct Score { var matched = 0, judged = 0 }

    /// Percentage of pixels where any premultiplied channel differs by more than 16.
    static func px16(_ a: Pixmap, _ b: Pixmap) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var count = 0
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                var i = 0
                while i < pa.count {
                    for k in 0..<4 where abs(Int(pa[i + k]) - Int(pb[i + k])) > 16 { count += 1; break }
                    i += 4
                }
            }
        }
        return Double(count) * 100 / Double(a.width * a.height)
    }

    /// Scores one corpus file; returns (matched, judged, worst px16 among judged frames).
    static func score(_ entry: LottieCorpus.Entry, renderer: (Int) throws -> Pixmap) throws -> (Int, Int, Double) {
        let dir = LottieCorpus.root.appendingPathComponent("reference/\(entry.stem)")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return (0, 0, 0) }
        let frames = Set(names.compactMap { n -> Int? in
            guard n.hasSuffix(".png"), let dash = n.lastIndex(of: "-") else { return nil }
            return Int(n[n.index(after: dash)...].dropLast(4))
        }).sorted()
        var matched = 0, judged = 0, worst = 0.0
        for n in frames {
            var refs: [String: Pixmap] = [:]
            for e in engines {
                let url = dir.appendingPathComponent("\(e)-\(n).png")
                guard let data = try? Data(contentsOf: url),
                      let p = try? PNGCodec.decode([UInt8](data), name: url.path), p.width == 256, p.height == 256 else { continue }
                refs[e] = p
            }
            var agreeing: Set<String> = []
            for (i, a) in engines.enumerated() {
                for b in engines[(i + 1)...] {
                    if let pa = refs[a], let pb = refs[b], px16(pa, pb) <= 1 { agreeing.insert(a); agreeing.insert(b) }
                }
            }
            if agreeing.isEmpty { continue }
            judged += 1
            let ours = try renderer(n)
            let best = agreeing.map { px16(ours, refs[$0]!) }.min()!
            if best <= 1 { matched += 1 }
            worst = max(worst, best)
        }
        return (matched, judged, worst)
    }

    static func baseline() throws -> (matched: Int, judged: Int) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fidelity-baseline.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let v = Int(parts[1]) { values[String(parts[0])] = v }
        }
        return (values["matched"] ?? 0, values["judged"] ?? 0)
    }

    @Test func wholeCorpusMatchesAtLeastTheBaseline() throws {
        guard LottieCorpus.require() else { return }
        let entries = LottieCorpus.entries
        #expect(entries.count == 97, "the manifest lists 97 Lottie files")
        var total = Score()
        var report: [(String, Int, Int, Double)] = []
        for entry in entries {
            let bytes = try LottieCorpus.bytes(entry.file)
            let document = try LottieDocument(contentsOf: bytes, name: entry.file)
            let renderer = document.makeRenderer()
            var target = try Pixmap(width: 256, height: 256)
            let (m, j, w) = try Self.score(entry) { n in
                try renderer.render(frame: Double(n), into: &target)
                return target
            }
            total.matched += m; total.judged += j
            if m < j { report.append((entry.file, m, j, w)) }
        }
        let base = try Self.baseline()
        let summary = "conformance: \(total.matched)/\(total.judged) judged frames match (baseline \(base.matched)/\(base.judged))"
        print(summary)
        for (f, m, j, w) in report.sorted(by: { Double($0.1) / Double($0.2) < Double($1.1) / Double($1.2) }) {
            print("  \(m)/\(j) frames  worst \(String(format: "%.2f", w))% px>16  \(f)")
        }
        #expect(total.judged == base.judged, "the judged frame count changed: \(summary)")
        #expect(total.matched >= base.matched, "fidelity dropped below the baseline: \(summary)")
    }
}

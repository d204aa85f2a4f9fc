import CYLImageCodecs
import CYLPAGAnimator
import CYLRaster
import CYLTestSupport
import CYLTimeline
import Foundation
import Testing

/// Renders every reference frame of the PAG corpus as `../shared/corpus/pag/README.md` describes
/// (frame N = composition frame N, fitted into 256x256 and centred, transparent) and scores it by
/// that README's rule, the one `../shared/tools/pag_fidelity.py` applies: a frame matches when at
/// most 1% of pixels differ by more than 16 in a premultiplied channel from libpag's render; a
/// fully transparent reference is not judged. Fails when fewer frames match than
/// `fidelity-baseline.txt` records, per tier.
@Suite struct PAGConformanceTests {
    struct Score { var matched = 0, judged = 0 }

    static func isBlank(_ p: Pixmap) -> Bool {
        p.withUnsafeBytes { b in
            var i = 3
            while i < b.count { if b[i] != 0 { return false }; i += 4 }
            return true
        }
    }

    /// (matched, judged, worst px16) for one file. A frame we cannot draw counts as judged, not matched.
    static func score(_ entry: PAGCorpus.Entry) throws -> (Int, Int, Double) {
        let dir = PAGCorpus.corpus.appendingPathComponent("reference/pag/\(entry.stem)")
        let timeline = try? PAGDocument(bytes: try PAGCorpus.bytes(entry), name: entry.file).timeline()
        var matched = 0, judged = 0, worst = 0.0
        for n in entry.frames {
            let url = dir.appendingPathComponent("pag-\(n).png")
            guard let data = try? Data(contentsOf: url),
                  let reference = try? PNGCodec.decode([UInt8](data), name: url.path),
                  reference.width == 256, reference.height == 256, !isBlank(reference) else { continue }
            judged += 1
            guard let timeline, n < timeline.frameCount,
                  let ours = try? timeline.render(frame: n, size: PixelSize(256, 256)) else { worst = 100; continue }
            let d = Fidelity.percentOff(ours, reference)
            if d <= 1 { matched += 1 }
            worst = max(worst, d)
        }
        return (matched, judged, worst)
    }

    static func baseline() throws -> [String: Int] {
        try Fidelity.baseline(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fidelity-baseline.txt"))
    }

    @Test func wholeCorpusMatchesAtLeastTheBaseline() throws {
        guard PAGCorpus.require() else { return }
        let entries = PAGCorpus.entries
        #expect(entries.count == 109, "the manifest lists 109 PAG files")
        var tiers: [String: Score] = [:]
        var report: [(String, Int, Int, Double)] = []
        for entry in entries {
            let (m, j, w) = try Self.score(entry)
            tiers[entry.tier, default: Score()].matched += m
            tiers[entry.tier, default: Score()].judged += j
            if m < j { report.append((entry.file, m, j, w)) }
        }
        let base = try Self.baseline()
        for (f, m, j, w) in report.sorted(by: { Double($0.1) / Double($0.2) < Double($1.1) / Double($1.2) }) {
            print("  \(m)/\(j) frames  worst \(String(format: "%.2f", w))% px>16  \(f)")
        }
        for tier in ["core", "image", "bitmap", "video", "text"] {
            let s = tiers[tier] ?? Score()
            let summary = "pag conformance, \(tier): \(s.matched)/\(s.judged) frames match (baseline \(base["\(tier)-matched"] ?? 0)/\(base["\(tier)-judged"] ?? 0))"
            print(summary)
            #expect(s.judged == base["\(tier)-judged"], "the judged frame count changed: \(summary)")
            #expect(s.matched >= base["\(tier)-matched"] ?? Int.max, "fidelity dropped below the baseline: \(summary)")
        }
    }
}

/// A frame's pixels are a function of the frame alone, not of the frames a renderer drew before
/// it: threads split a job's frames between renderers in an order the scheduler picks, and
/// `diff` and `review` need a render to be reproducible. Each image, bitmap and video file's
/// reference frames are drawn forwards by one renderer and backwards by another (backwards
/// seeks the sequences and revisits every cache from the other side); the two must be equal to
/// the byte. replacement.pag's image once came out up to 2 levels apart depending on the frame
/// drawn before it (a snapshot cache matched scales within a tolerance).
@Suite struct PAGFrameHistoryTests {
    @Test(arguments: ["image", "bitmap", "video"]) func framesDoNotDependOnEarlierFrames(_ tier: String) throws {
        guard PAGCorpus.require() else { return }
        let entries = PAGCorpus.entries.filter { $0.tier == tier }
        #expect(!entries.isEmpty)
        for entry in entries {
            let bytes = try PAGCorpus.bytes(entry)
            guard let forwards = try? PAGDocument(bytes: bytes, name: entry.file).timeline(),
                  let backwards = try? PAGDocument(bytes: bytes, name: entry.file).timeline() else { continue }
            let frames = entry.frames.filter { $0 < forwards.frameCount }
            var drawn: [Int: Pixmap] = [:]
            for n in frames { drawn[n] = try forwards.render(frame: n, size: PixelSize(256, 256)) }
            for n in frames.reversed() {
                let again = try backwards.render(frame: n, size: PixelSize(256, 256))
                let differing = zip(again.bytes, drawn[n]?.bytes ?? []).filter { $0 != $1 }.count
                #expect(differing == 0 && again.bytes.count == drawn[n]?.bytes.count,
                        "\(entry.file) frame \(n): \(differing) bytes differ between drawing backwards and forwards")
            }
        }
    }
}

import CYLImageCodecs
import CYLPipeline
import CYLRaster
import CYLTestSupport
import Foundation
import Testing

/// Every GIF in ../shared/corpus/gif decodes to exactly what Chromium shows (reference/gif/<stem>/frames.tsv).
@Suite struct GIFCorpusTests {
    struct RefFrame { var index: Int; var width: Int; var height: Int; var durationUS: Int; var sha: String }

    static func reference(_ stem: String) throws -> [RefFrame] {
        let url = SharedCorpus.root.appendingPathComponent("reference/gif/\(stem)/frames.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [RefFrame] = []
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t").map(String.init)
            guard f.count >= 5, let i = Int(f[0]), let w = Int(f[1]), let h = Int(f[2]), let d = Int(f[3]) else { continue }
            out.append(RefFrame(index: i, width: w, height: h, durationUS: d, sha: f[4]))
        }
        return out
    }

    @Test func corpusIsPresent() {
        if !SharedCorpus.isPresent && !SharedCorpus.allowMissing {
            Issue.record("GIF corpus not found at \(SharedCorpus.root.path)/gif; tests need ../shared/corpus (set CYL_ALLOW_MISSING_CORPUS=1 to skip)")
        }
        if SharedCorpus.isPresent { #expect(SharedCorpus.gifNames.count == 23) }
    }

    @Test(arguments: SharedCorpus.gifNames)
    func matchesChromium(file: String) throws {
        let stem = String(file.dropLast(4))
        let bytes = try SharedCorpus.bytes(SharedCorpus.root.appendingPathComponent("gif/\(file)"))
        let ref = try Self.reference(stem)
        let decoder = try GIFDecoder(bytes: bytes, name: file)
        var index = 0
        var mismatches: [String] = []
        while let frame = try decoder.nextFrame() {
            defer { index += 1 }
            guard index < ref.count else { continue }
            let r = ref[index]
            #expect(frame.info.index == index)
            if frame.image.width != r.width || frame.image.height != r.height {
                mismatches.append("frame \(index): size \(frame.image.width)x\(frame.image.height), reference \(r.width)x\(r.height)")
            }
            if frame.info.delayCentiseconds * 10_000 != r.durationUS {
                mismatches.append("frame \(index): delay \(frame.info.delayCentiseconds)cs, reference \(r.durationUS)us")
            }
            let sha = SHA256.hexHash(frame.image.straightRGBA())
            if sha != r.sha { mismatches.append("frame \(index): pixels differ (sha \(sha.prefix(12)))") }
        }
        #expect(index == ref.count, "\(file): \(index) frames, reference \(ref.count)")
        #expect(mismatches.isEmpty, "\(file): \(mismatches.count) mismatches: \(mismatches.prefix(5).joined(separator: "; "))")

        // The cheap scan agrees with the decoder on frame count and delays.
        let info = try GIFInfo.scan(bytes: bytes, name: file)
        #expect(info.frames.count == ref.count)
        #expect(info.canvasWidth == ref.first?.width && info.canvasHeight == ref.first?.height)
        #expect(zip(info.frames, ref).allSatisfy { $0.delayCentiseconds * 10_000 == $1.durationUS })
    }
}

import Foundation
import Testing
import CYLPipeline
import CYLRaster
import CYLTimeline
@testable import CYLGIFAnimator

/// The GIF back-end through the timeline API: random access, caching limits, roles, timing.
/// Pixel truth comes from the browser decode in ../shared/corpus/reference/gif (frames.tsv).
struct GIFAnimatorTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpus = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    struct ReferenceFrame { let delayMicroseconds: Int; let sha256: String }

    static func reference(_ stem: String) throws -> [ReferenceFrame] {
        let tsv = try String(contentsOf: corpus.appendingPathComponent("reference/gif/\(stem)/frames.tsv"), encoding: .utf8)
        return tsv.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t")
            return ReferenceFrame(delayMicroseconds: Int(f[3])!, sha256: String(f[4]))
        }
    }

    func open(_ path: String, role: GIFAnimator.Role = .animation, limits: Limits = .standard) throws -> FrameTimeline {
        let probe = try ContentProbe.read(path: path)
        let animator = GIFAnimator(role: role)
        #expect(animator.canOpen(probe))
        return try animator.timeline(for: probe, options: OpenOptions(limits: limits))
    }

    func corpusPath(_ stem: String) throws -> String {
        let path = Self.corpus.appendingPathComponent("gif/\(stem).gif").path
        guard FileManager.default.fileExists(atPath: path) else {
            if ProcessInfo.processInfo.environment["CYL_ALLOW_MISSING_CORPUS"] == "1" { throw CorpusMissing() }
            Issue.record("corpus missing at \(path): CI always has ../shared beside the repo")
            throw CorpusMissing()
        }
        return path
    }
    struct CorpusMissing: Error {}

    /// Frames asked for out of order (forward, back, repeat) must equal the browser's decode, both
    /// with every frame cached and with a budget too small to cache anything (decode again).
    @Test(arguments: ["pillow__dispose_prev", "pillow__iss634", "image-gif__interlaced", "pillow__test_extents_transparency"],
          [Limits.defaultMaxDecodedBytes, 1])
    func randomAccessMatchesTheBrowser(_ stem: String, _ budget: Int) throws {
        let reference = try Self.reference(stem)
        let t = try open(try corpusPath(stem), limits: Limits(maxDecodedBytes: budget))
        #expect(t.frameCount == reference.count)
        let n = t.frameCount
        let order = [n - 1, 0, n / 2, n / 2, 1 % n, n - 1, (n / 3)]
        for i in order {
            let image = try t.render(frame: i, size: t.canvasSize)
            #expect(SHA256.hexHash(image.straightRGBA()) == reference[i].sha256, "\(stem) frame \(i)")
        }
    }

    @Test func durationsArePlayedDelays() throws {
        let stem = "pillow__iss634"
        let reference = try Self.reference(stem)
        let t = try open(try corpusPath(stem))
        for (i, r) in reference.enumerated() {
            let raw = r.delayMicroseconds / 1000
            let played = raw <= 10 ? 100 : raw
            #expect(t.duration(ofFrame: i) == .milliseconds(played), "frame \(i): raw \(raw) ms")
        }
        #expect(t.diagnostics.contains { $0.message.contains("as 10 cs, as browsers do") }, "the clamped first frame is reported")
    }

    @Test func roleChoosesThePolicy() throws {
        let path = Self.repo.appendingPathComponent("sample-animations/spinner.gif").path
        #expect(try open(path).suggestedPolicy == .playOnceOnSelect)
        #expect(try open(path, role: .image).suggestedPolicy == .loop)
        let t = try open(path)
        #expect(t.loop == .forever)
        #expect(t.frameCount == 24)
        #expect(t.canvasSize == PixelSize(48, 48))
        #expect(t.hasTransparency == true)
    }

    @Test func scaledRenderFitsAndCentres() throws {
        let path = Self.repo.appendingPathComponent("sample-animations/lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif").path
        let t = try open(path)
        let native = try t.render(frame: 4, size: t.canvasSize)
        let big = try t.render(frame: 4, size: PixelSize(128, 200))
        // 64x64 -> 128x128 centred vertically at y = 36; outside rows stay transparent.
        #expect((0..<128).allSatisfy { big[$0, 35].a == 0 && big[$0, 164].a == 0 })
        #expect(big[64, 100].a == native[32, 32].a)
    }

    @Test func notAGIF() throws {
        let path = NSTemporaryDirectory() + "cyl-not-gif-\(UUID().uuidString)"
        try Data("GIF90a nope".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(!GIFAnimator().canOpen(try ContentProbe.read(path: path)))
    }
}

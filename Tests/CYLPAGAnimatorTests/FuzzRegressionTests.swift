import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// What FuzzPAG (Fuzz/FuzzPAG) found, kept in FuzzRegressions/ and replayed as the target runs an
/// input: opened with its small limits, then the first, middle and last frame drawn at 24x24.
/// Each must open and draw or fail with an error naming the file, never trap. The kept inputs
/// are synthetic reproductions (the fuzzer's own inputs were mutated third-party corpus files).
@Suite struct PAGFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".pag") }.sorted()

    /// The fuzz target's limits.
    static let options = OpenOptions(limits: Limits(maxCanvasPixels: 1 << 16, maxFrames: 600, maxDrawsPerFrame: 5_000, maxObjects: 20_000))

    /// Opens and draws `name` as FuzzPAG does; the error, if any.
    static func replay(_ name: String) throws -> OpenError? {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        do {
            let timeline = try PAGDocument(bytes: bytes, name: name, options: options).timeline()
            let last = timeline.frameCount - 1
            var target = try Pixmap(width: 24, height: 24)
            for frame in Set([0, last / 2, last]) { try timeline.source.render(frame: frame, into: &target) }
            return nil
        } catch let e as OpenError {
            return e
        }
    }

    @Test func findingsAreKept() { #expect(!Self.files.isEmpty, "no .pag files in \(Self.folder.path)") }

    @Test(arguments: files)
    func replays(_ name: String) throws {
        do {
            if let e = try Self.replay(name) { #expect("\(e)".hasPrefix(name + ":"), "\(e)") }
        } catch {
            // A frame that cannot be drawn fails with the file and the frame, not a trap.
            #expect("\(error)".hasPrefix(name + ":frame "), "\(error)")
        }
    }

    /// A stroke with round joins drawn a million times its size: each join's arc was thousands of
    /// points and the outline grew past 2 GB (out of memory) before the path-point limit was
    /// checked; the stroker now stops at the limit and the frame fails naming it.
    @Test func roundJoinsPastThePointLimitAreAnError() throws {
        #expect(throws: (any Error).self) { _ = try Self.replay("pag-round-joins-past-the-point-limit.pag") }
        do { _ = try Self.replay("pag-round-joins-past-the-point-limit.pag") } catch {
            #expect("\(error)".contains(":frame ") && "\(error)".contains("Limits.maxPathPoints"), "\(error)")
        }
    }

    /// A root composition at 1e-30 frames a second overflowed the timeline's clock (a Duration of
    /// 1e31 seconds) and trapped.
    @Test func aFrameRateOfAFrameInAnAgeIsAnError() throws {
        let e = try #require(try Self.replay("pag-frame-rate-1e-30.pag"))
        #expect(e.location.offset == 9)
        #expect(e.message.hasPrefix("the root composition's frame rate 1.0000000") && e.message.hasSuffix("is not from 1/3600 (one frame an hour) to 1000"),
                "\(e.message)")
    }

    /// 2^62 frames: more than the limit, refused before any per-frame table is made.
    @Test func moreFramesThanTheLimitIsAnError() throws {
        let e = try #require(try Self.replay("pag-4611686018427387904-frames.pag"))
        #expect(e.location.offset == 9)
        #expect(e.message == "the root composition has 4611686018427387904 frames, more than the limit of 600 (Limits.maxFrames)")
    }
}

@testable import CYLLottieAnimator
import CYLRaster
import Foundation
import Testing

/// DESIGN.md §7: a parsed document is immutable and shared between threads; each thread renders
/// with its own renderer. `make test-tsan` runs this suite under ThreadSanitizer, which reports
/// any data race on the shared model (a lazily filled cache, a shared scratch buffer) even when
/// the pixels happen to come out right.
@Suite struct ThreadSafetyTests {
    static let samples = ["checkmark.json", "badge.json", "heart-mask.json"]

    @Test(arguments: samples)
    func oneDocumentRenderedOnFourThreadsMatchesOneThread(_ sample: String) throws {
        let url = LottieCorpus.repo.appendingPathComponent("sample-animations/\(sample)")
        let document = try LottieDocument(bytes: [UInt8](try Data(contentsOf: url)), name: sample)
        let frames = (0..<document.frameCount).map(Double.init)
        let serial = try render(document, frames)

        let threads = 4
        let results = ResultSlots(count: threads)
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            // Each thread walks the frames from a different start, so they touch the model at once.
            let order = frames.indices.map { (($0 + t * frames.count / threads) % frames.count) }
            results.set(t, Result { try render(document, order.map { frames[$0] }, order: order) })
        }
        for t in 0..<threads {
            let frames = try #require(results.get(t)).get()
            #expect(frames == serial, "thread \(t): frames differ from the one-thread render")
        }
    }

    /// Renders `frames` at 48x48; with `order`, stores frame k at index order[k].
    func render(_ document: LottieDocument, _ frames: [Double], order: [Int]? = nil) throws -> [[UInt8]] {
        let renderer = document.makeRenderer()
        var out = [[UInt8]](repeating: [], count: frames.count)
        var target = try Pixmap(width: 48, height: 48)
        for (k, f) in frames.enumerated() {
            try renderer.render(frame: f, into: &target)
            out[order?[k] ?? k] = target.bytes
        }
        return out
    }
}

/// One result per thread, written once each under a lock.
final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<[[UInt8]], any Error>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: Result<[[UInt8]], any Error>) { lock.lock(); slots[i] = r; lock.unlock() }
    func get(_ i: Int) -> Result<[[UInt8]], any Error>? { lock.lock(); defer { lock.unlock() }; return slots[i] }
}

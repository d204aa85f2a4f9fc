@testable import CYLLottieAnimator
import CYLGeometry
import CYLRaster
import Foundation
import Testing

/// A renderer keeps what it can between frames (coverage of unchanged shapes, image samples,
/// scratch layers). Every frame it draws after others must be the frame a fresh renderer draws.
@Suite struct FrameReuseTests {
    static let samples = ["checkmark.json", "badge.json", "heart-mask.json"]
    /// Corpus icons with still parts, masks, mattes, images, strokes and expressions (whose
    /// resolved compositions are also kept between frames).
    static let corpus = ["lottie/lottie-tabbar/home.json", "lottie/rlottie/like.json", "lottie/thorvg/heart_fill.json",
                         "lottie/lottie-android/moving_eye.json", "lottie/lottie-android/change_to_search_bar.json",
                         "lottie/thorvg/expressions__wiggle.json", "lottie/lottie-docs/bezier_expression.json",
                         "lottie/lottie-android/favourite_app_icon.json", "lottie/lottie-ios/LottieFiles__bounce_strokes.json"]

    func check(_ document: LottieDocument, _ name: String, frames: [Double]) throws {
        let kept = document.makeRenderer()
        var a = try Pixmap(width: 64, height: 64), b = try Pixmap(width: 64, height: 64)
        for f in frames {
            try kept.render(frame: f, into: &a)
            try document.makeRenderer().render(frame: f, into: &b)
            #expect(a == b, "\(name) frame \(f): differs from a fresh renderer's")
        }
    }

    @Test(arguments: samples) func samplesFrameAfterFrame(_ sample: String) throws {
        let url = LottieCorpus.repo.appendingPathComponent("sample-animations/\(sample)")
        let document = try LottieDocument(bytes: [UInt8](try Data(contentsOf: url)), name: sample)
        // In order, then jumping back and forth (a scrubbed timeline).
        let n = document.frameCount
        try check(document, sample, frames: (0..<n).map(Double.init) + [0, Double(n - 1), Double(n / 2), Double(n / 2), 1])
    }

    @Test func corpusIconsFrameAfterFrame() throws {
        guard LottieCorpus.require() else { return }
        for file in Self.corpus {
            let document = try LottieDocument(bytes: try LottieCorpus.bytes(file), name: file)
            try check(document, file, frames: (0..<min(document.frameCount, 40)).map(Double.init))
        }
    }

    /// Trim measures are reused only for equal shapes: the same still path measured again (in any
    /// order) is a hit with the same lengths; a path changed in place, at the same address, is
    /// measured afresh (outline lengths: a 10 x 10 square 40, a 20 x 10 one 60, 30 x 10 80).
    @Test func trimMeasuresAreReusedOnlyForEqualShapes() {
        func square(_ w: Double) -> [BezierShape] {
            let v = [Point(0, 0), Point(w, 0), Point(w, 10), Point(0, 10)]
            return [BezierShape(closed: true, vertices: v, inTangents: Array(repeating: .zero, count: 4),
                                outTangents: Array(repeating: .zero, count: 4))]
        }
        var small = square(10)
        let wide = square(20)
        var cache = TrimMeasureCache()
        cache.beginFrame()
        #expect(abs(cache.measure(small).measure.length - 40) < 1e-9)
        #expect(abs(cache.measure(wide).measure.length - 60) < 1e-9)
        #expect(cache.hits == 0)
        cache.beginFrame()
        #expect(abs(cache.measure(wide).measure.length - 60) < 1e-9)
        #expect(abs(cache.measure(small).measure.length - 40) < 1e-9)
        #expect(cache.hits == 2)
        // Widened in place: the same arrays, other points.
        small[0].vertices[1].x = 30; small[0].vertices[2].x = 30
        cache.beginFrame()
        #expect(abs(cache.measure(small).measure.length - 80) < 1e-9)
        #expect(cache.hits == 2)
    }
}

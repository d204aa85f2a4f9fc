@testable import CYLLottieAnimator
import CYLTimeline
import Foundation
import Testing

/// The shared corpus's expressions (loopOut, wiggle, effect controls, content lookups building
/// paths, eased overshoots) evaluate: none fails or is disabled, and a loop gives the value worked
/// out from its keyframes by hand.
@Suite struct CorpusExpressionTests {
    /// Every corpus file with expressions: opening reports none failing, and evaluating every
    /// composition at ten times across the animation leaves no failure.
    @Test func everyCorpusExpressionEvaluates() throws {
        guard LottieCorpus.require() else { return }
        var withExpressions: [String] = []
        for entry in LottieCorpus.entries where entry.file.hasSuffix(".json") {
            let bytes = try LottieCorpus.bytes(entry.file)
            guard bytes.count < 4 << 20, String(decoding: bytes, as: UTF8.self).contains("\"x\"") else { continue }
            let doc = try LottieDocument(bytes: bytes, name: entry.file)
            guard !doc.model.expressions.isEmpty else { continue }
            withExpressions.append(entry.file)
            let check = ExpressionRuntime(model: doc.model, limits: Limits())
            _ = check.check()
            #expect(check.disabled.isEmpty, "\(entry.file)")
            #expect(!doc.diagnostics.contains { $0.message.contains("expression") }, "\(entry.file): \(doc.diagnostics)")
            let runtime = ExpressionRuntime(model: doc.model, limits: Limits())
            let m = doc.model
            for step in 0..<10 {
                let frame = m.inPoint + (m.outPoint - m.inPoint) * Double(step) / 10
                runtime.beginFrame()
                _ = runtime.resolve(m.root, frame: frame)
                for comp in m.precomps.values { _ = runtime.resolve(comp, frame: frame) }
            }
            #expect(runtime.failures.isEmpty, "\(entry.file): \(runtime.failures)")
        }
        // The corpus as shipped: thorvg's wiggle, layer-effect and heart files, lottie-web's
        // starfish, lottie-docs' bezier expressions, lottie-android's search bar.
        #expect(withExpressions.count >= 6, "\(withExpressions)")
    }

    /// heart_fill.json: layer 6's opacity keys are 100, 30, 100 at frames 76.999, 82.999 and
    /// 88.9990790111117 with `loopOut('cycle')`. At frame 95, 6.000921 frames past the last key,
    /// the cycle (12.0000790111117 frames long) maps to frame 82.999921, just past the dip: the
    /// keyframes alone would hold 100 there.
    @Test func heartFillLoopOutCycle() throws {
        guard LottieCorpus.require() else { return }
        let doc = try LottieDocument(bytes: try LottieCorpus.bytes("lottie/thorvg/heart_fill.json"), name: "heart_fill.json")
        let opacity = doc.model.root.layers[5].transform.opacity
        guard case .expression = opacity else { Issue.record("layer 6's opacity has no expression"); return }
        let keys = opacity.keyframedValue
        #expect(keys.scalar(at: 95) == 100)
        let mapped = 76.999 + (95 - 88.9990790111117)
        let runtime = ExpressionRuntime(model: doc.model, limits: Limits())
        let value = runtime.resolve(doc.model.root, frame: 95).layers[5].transform.opacity.scalar(at: 95)
        // Frames become seconds at 29.94 fps and back: agreement within 1e-6 of a percent.
        #expect(abs(value - keys.scalar(at: mapped)) < 1e-6)
        #expect(value < 31)
    }
}

import Testing
import CYLGeometry
@testable import CYLRaster

/// `MotionBlurKernel`, libpag's MotionBlurFilter, against values worked out by hand from its
/// shader: a texel is its own sample plus 36 at uv + v·(i/36 − ½), i = 1...36, those outside the
/// input dropped, all divided by 37.
@Suite struct MotionBlurTests {
    /// An opaque white 10 x 10 input over the content [0, 10]², one texel a unit, moved 5 units
    /// right since the previous frame: v = 5/10, cut to 0.1. The output spans [−1, 11] across.
    func blurredRow() throws -> [UInt8] {
        var input = try Pixmap(width: 10, height: 10)
        input.fill(RGBA8.white)
        let bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        var output = try Pixmap(width: 12, height: 10)
        let blur = ContentSnapshot.MotionBlur(change: Transform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 0), scaling: false)
        MotionBlurKernel.apply(blur, input: input, inputFromContent: .identity, inputBounds: bounds, bounds: bounds,
                               contentFromOutput: .translation(-1, 0), into: &output)
        return (0..<12).map { output[$0, 5].a }
    }

    /// Inside, every sample lands on the square: 255. At u = −0.05 (left of it) only the own
    /// sample (the edge texel, clamped) and i = 36 (u + 0.05 = 0) count: 2 · 255 / 37 = 13.8. At
    /// u = 0.95 all but i = 36 (which reaches 1, outside): 36 · 255 / 37 = 248.1. At u = 1.05 all
    /// 36 fall outside (the offsets reach back only 0.047), so the texel is transparent though
    /// its own clamped sample is white: the shader's samples run a little further forward than
    /// back, and the two sides differ.
    @Test func samplesAlongTheMotionAreAveragedAndCutAtTheEdges() throws {
        let row = try blurredRow()
        #expect(row[0] == 14, "\(row)")
        #expect(row[1] == 255 && row[5] == 255, "\(row)")
        #expect(row[10] == 248, "\(row)")
        #expect(row[11] == 0, "\(row)")
    }

    /// libpag skips the filter when the layer's transform did not change; a change in scale runs
    /// the samples forward from the point.
    @Test func aLayerThatDidNotMoveHasNoBlur() {
        let t = Transform.translation(3, 4)
        #expect(ContentSnapshot.MotionBlur(from: t, to: t) == nil)
        #expect(ContentSnapshot.MotionBlur(from: t, to: .translation(3, 5))?.scaling == false)
        #expect(ContentSnapshot.MotionBlur(from: t, to: Transform.scale(2, 2).then(t))?.scaling == true)
    }
}

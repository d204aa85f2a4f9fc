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

    /// The shader's coordinates span the input bitmap's whole texels, not the cut bounds.
    /// MotionBlur.pag frame 15: a white 1280 x 720 layer at 0.2 px a unit, moved up 675.8 units,
    /// barely moving since the last frame. Cut to what is visible, its bounds run from unit 598
    /// to 720; the bitmap holds 24.4 texels of that, so 25, the last a 40% covered edge whose
    /// centre (unit 720.5) is past the cut bounds. Measured against those, it was dropped, which
    /// moved the edge up 0.4 px (1.05% of that frame's pixels off libpag's). Row 64's centre is
    /// unit (64.5 + 79.264) / 0.2 = 718.82, texel 24.16 of the blurred bitmap (on the input's
    /// grid): 0.34 of the full texel 23 and 0.66 of the edge texel (0.4 × 255), 154, where
    /// dropping the edge texel gives 0.34 × 255 = 87. Tolerance 3: rounding in two resamplings.
    @Test func theEdgeTexelOfTheInputKeepsItsCoverage() throws {
        var list = DisplayList()
        list.reset(width: 256, height: 256)
        list.beginGroup(transform: Transform(a: 0.2, b: 0, c: 0, d: 0.2, tx: 0, ty: -79.264))
        list.beginGroup(transform: .identity)
        list.setSnapshot(ContentSnapshot(motionBlur: ContentSnapshot.MotionBlur(change: Transform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 1e-6),
                                                                                 scaling: false)))
        let layer = try #require(list.makePath { $0.append(Path.rect(Rect(x: 0, y: 0, width: 1280, height: 720))) })
        list.addFill(path: layer, transform: .identity, paint: .solid(Color(1, 1, 1, 1)))
        list.endGroup()
        list.endGroup()
        var out = try Pixmap(width: 256, height: 256)
        try DisplayListRenderer().render(list, transform: .identity, clip: IntRect(x: 0, y: 0, width: 256, height: 256), into: &out)
        #expect(out[100, 60].a == 255)
        let edge = Int(out[100, 64].a)
        #expect(abs(edge - 154) <= 3, "\(edge)")
        #expect(out[100, 66].a == 0)
    }
}

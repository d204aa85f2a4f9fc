import CYLGeometry
import CYLRaster
import Testing

/// Motion tile: the content's rectangle repeated around itself.
@Suite struct MotionTileTests {
    /// A 40x10 layer, red left half and blue right half, tiled at half width about its centre
    /// (x 20) into the same area: tiles span x -10..<10, 10..<30 and 30..<50, each a copy of the
    /// whole layer squeezed in. Sampled at x 5, 15, 25, 35: blue, red, blue, red. Mirrored, the
    /// odd tiles (-10..<10 and 30..<50) are flipped: red, red, blue, blue.
    @Test func halfSizeTilesRepeatTheContent() throws {
        let red = RGBA8(255, 0, 0, 255), blue = RGBA8(0, 0, 255, 255)
        var layer = try Pixmap(width: 40, height: 10)
        layer.fill(red, over: IntRect(x: 0, y: 0, width: 20, height: 10))
        layer.fill(blue, over: IntRect(x: 20, y: 0, width: 20, height: 10))
        func tiled(mirror: Bool) -> [RGBA8] {
            let tile = MotionTile(bounds: Rect(x: 0, y: 0, width: 40, height: 10), center: Point(20, 5), tileWidth: 0.5, tileHeight: 1,
                                  outputWidth: 1, outputHeight: 1, mirrorEdges: mirror, phase: 0, horizontalPhase: false)
            var list = DisplayList()
            list.reset(width: 40, height: 10)
            list.beginGroup(transform: .identity)
            list.addImage(layer, transform: .identity)
            list.addEffect(.motionTile(tile))
            list.endGroup()
            var out = try! Pixmap(width: 40, height: 10)
            try! DisplayListRenderer().render(list, into: &out)
            return [5, 15, 25, 35].map { x in out.withUnsafeBytes { b in let i = (5 * 40 + x) * 4; return RGBA8(b[i], b[i + 1], b[i + 2], b[i + 3]) } }
        }
        #expect(tiled(mirror: false) == [blue, red, blue, red])
        #expect(tiled(mirror: true) == [red, red, blue, blue])
    }
}

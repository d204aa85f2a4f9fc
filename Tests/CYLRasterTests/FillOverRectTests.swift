import Testing
@testable import CYLRaster

/// `Pixmap.fill(_:over:)` is what the tab bar draws its selected cell and hairline with instead of
/// compositing a pixmap filled with the colour: it must leave the very same bytes.
@Suite struct FillOverRectTests {
    /// A busy background: every pixel a different premultiplied colour, some transparent.
    func background(_ w: Int, _ h: Int) throws -> Pixmap {
        var p = try Pixmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt8((x * 37 + y * 11) % 256)
                func c(_ v: Int) -> UInt8 { UInt8(Int(a) * (v % 256) / 255) }
                p[x, y] = RGBA8(c(x * 5), c(y * 9), c(x * y), a)
            }
        }
        return p
    }

    @Test(arguments: [RGBA8(255, 0, 0, 255), RGBA8(20, 80, 160, 200).premultiplied, RGBA8(0, 0, 0, 0),
                      RGBA8(250, 250, 250, 1).premultiplied, RGBA8(9, 200, 33, 128).premultiplied])
    func sameBytesAsCompositingAFilledPixmap(_ color: RGBA8) throws {
        // Inside, across the right and bottom edges, and wider than the pixmap on the left.
        let rects = [IntRect(x: 3, y: 2, width: 20, height: 5), IntRect(x: 30, y: 10, width: 20, height: 20),
                     IntRect(x: -4, y: 0, width: 50, height: 1)]
        for rect in rects {
            var expected = try background(40, 24)
            var layer = try Pixmap(width: rect.width, height: rect.height)
            layer.fill(color)
            expected.composite(layer, x: rect.x, y: rect.y)
            var got = try background(40, 24)
            got.fill(color, over: rect)
            #expect(got == expected, "\(color) over \(rect)")
        }
    }

    /// Pixels outside the rectangle are left alone, and a rectangle off the pixmap changes nothing.
    @Test func touchesOnlyTheRectangle() throws {
        let before = try background(16, 16)
        var p = before
        p.fill(RGBA8(255, 255, 255, 255), over: IntRect(x: 4, y: 5, width: 3, height: 2))
        for y in 0..<16 {
            for x in 0..<16 {
                let inside = (4..<7).contains(x) && (5..<7).contains(y)
                #expect(p[x, y] == (inside ? RGBA8(255, 255, 255, 255) : before[x, y]), "(\(x), \(y))")
            }
        }
        var q = before
        q.fill(RGBA8(255, 0, 0, 255), over: IntRect(x: 16, y: 0, width: 5, height: 5))
        q.fill(RGBA8(255, 0, 0, 255), over: IntRect(x: 0, y: -5, width: 5, height: 5))
        #expect(q == before)
    }
}

import CYLImageCodecs
import CYLLimits
import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Layer styles and effects PAG files use, drawn as libpag draws them.
@Suite struct PAGEffectTests {
    /// The drop shadow falls away from the light: at 120° (After Effects' default, the light up
    /// left) and distance 20 it is offset by (-cos 120°, sin 120°) × 20 = (10, 17.3), in layer
    /// units, scaled with the layer (`DropShadowFilter`).
    @Test func aDropShadowFallsAwayFromTheLight() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 4, id: 2, frames: 1, [PAGWriter.rectangle(30, 30, 20, 20), PAGWriter.fill(255, 255, 255),
                                                             PAGWriter.dropShadow(angle: 120, distance: 20)]),
            ]),
        ])
        let t = try PAGDocument(bytes: bytes, name: "shadow.pag").timeline()
        let p = try t.render(frame: 0, size: PixelSize(100, 100))
        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
            p.withUnsafeBytes { b in let i = (y * 100 + x) * 4; return (b[i], b[i + 1], b[i + 2], b[i + 3]) }
        }
        // The square: x, y 20..<40. The shadow: x 30..<50, y 37.3..<57.3, under the square.
        #expect(pixel(30, 30) == (255, 255, 255, 255))
        #expect(pixel(45, 50) == (0, 0, 0, 191))
        #expect(pixel(45, 30).3 == 0)  // beside the square, above the shadow
        #expect(pixel(25, 50).3 == 0)  // below the square, left of the shadow
    }

    /// Spread 1 (DropShadowStyleV2) makes the shadow solid: libpag's `DropShadowFilter` grows the
    /// coverage by size × spread (its solid stroke) and blurs by size × (1 − spread) / 2, nothing
    /// here. Size 6 around the square (x, y 20..<40): full to 46, then nothing; at the corner a
    /// disc (a pixel 4 and 4 past it, centre 5.7 from the last covered one, is inside; 6 and 6,
    /// 8.5, is not).
    @Test func aSpreadDropShadowIsTheCoverageGrown() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 4, id: 2, frames: 1, [PAGWriter.rectangle(30, 30, 20, 20), PAGWriter.fill(255, 255, 255),
                                                             PAGWriter.dropShadowV2(angle: 120, distance: 0, size: 6, spread: 1)]),
            ]),
        ])
        let p = try PAGDocument(bytes: bytes, name: "spread.pag").timeline().render(frame: 0, size: PixelSize(100, 100))
        #expect(Self.pixel(p, 30, 30) == RGBA8(255, 255, 255, 255))
        #expect(Self.pixel(p, 45, 30) == RGBA8(0, 0, 0, 191) && Self.pixel(p, 14, 30) == RGBA8(0, 0, 0, 191))
        #expect(Self.pixel(p, 46, 30).a == 0 && Self.pixel(p, 13, 30).a == 0)
        #expect(Self.pixel(p, 43, 43) == RGBA8(0, 0, 0, 191))
        #expect(Self.pixel(p, 45, 45).a == 0)
    }

    /// A layer's motion blur switch is read and drawn (`ContentSnapshot.MotionBlur`, whose
    /// kernel `MotionBlurTests` checks): no "not drawn" note, and a layer that does not move is
    /// drawn sharp (libpag skips the filter when the transform is unchanged).
    @Test func motionBlurIsReadAndAStillLayerStaysSharp() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 10, height: 10, frames: 2, layers: [
                PAGWriter.layer(type: 4, id: 2, frames: 2, [PAGWriter.motionBlurSwitch(), PAGWriter.rectangle(5, 5, 10, 10),
                                                             PAGWriter.fill(255, 0, 0)]),
            ]),
        ])
        let doc = try PAGDocument(bytes: bytes, name: "blur.pag")
        let t = try doc.timeline()
        #expect(!t.diagnostics.contains { $0.message.contains("motion blur") }, "\(t.diagnostics)")
        let p = try t.render(frame: 1, size: PixelSize(10, 10))
        #expect(Self.pixel(p, 5, 5) == RGBA8(255, 0, 0, 255))
        #expect(Self.pixel(p, 0, 5).a == 255 && Self.pixel(p, 9, 5).a == 255)
    }

    /// Levels with gamma 2: each channel v becomes 255 × (v / 255)^(1/2) (libpag's
    /// LevelsIndividualFilter); 64 grey becomes 127.5, within a step of rounding of 128.
    @Test func levelsMapEachChannelThroughTheCurve() throws {
        let bytes = PAGWriter.file([
            PAGWriter.composition(id: 1, width: 10, height: 10, frames: 1, layers: [
                PAGWriter.layer(type: 4, id: 2, frames: 1, [PAGWriter.rectangle(5, 5, 10, 10), PAGWriter.fill(64, 0, 255),
                                                             PAGWriter.levels(gamma: 2)]),
            ]),
        ])
        let p = try PAGDocument(bytes: bytes, name: "levels.pag").timeline().render(frame: 0, size: PixelSize(10, 10))
        let (r, g, b, a) = p.withUnsafeBytes { b in (b[220], b[221], b[222], b[223]) }
        #expect(abs(Int(r) - 128) <= 1 && g == 0 && b == 255 && a == 255, "\((r, g, b, a))")
    }

    /// An image layer (`pixels`, embedded as PNG) in a 100 x 100 composition, with `effects`.
    static func imageLayer(_ pixels: Pixmap, _ effects: [[UInt8]]) throws -> Pixmap {
        let bytes = PAGWriter.file([
            PAGWriter.imageBytes(id: 3, try PNGCodec.encode(pixels)),
            PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 5, id: 2, frames: 1, [PAGWriter.imageReference(3)] + effects),
            ]),
        ])
        return try PAGDocument(bytes: bytes, name: "effect.pag").timeline().render(frame: 0, size: PixelSize(100, 100))
    }

    static func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> RGBA8 {
        p.withUnsafeBytes { b in let i = (y * p.width + x) * 4; return RGBA8(b[i], b[i + 1], b[i + 2], b[i + 3]) }
    }

    /// Corner pin: the tag's corners (upper left, upper right, lower left, lower right) are where
    /// the image's corners go. A 20 x 10 image, red left half and blue right half, pinned to the
    /// rectangle (10, 20)-(90, 60) is scaled 4x: red over x 10..<50, blue over 50..<90, nothing
    /// outside.
    @Test func aCornerPinMovesTheImageCornersToItsPoints() throws {
        var image = try Pixmap(width: 20, height: 10)
        image.fill(RGBA8(255, 0, 0, 255), over: IntRect(x: 0, y: 0, width: 10, height: 10))
        image.fill(RGBA8(0, 0, 255, 255), over: IntRect(x: 10, y: 0, width: 10, height: 10))
        let p = try Self.imageLayer(image, [PAGWriter.cornerPin([(10, 20), (90, 20), (10, 60), (90, 60)])])
        #expect(Self.pixel(p, 12, 22) == RGBA8(255, 0, 0, 255))
        #expect(Self.pixel(p, 45, 55) == RGBA8(255, 0, 0, 255))
        #expect(Self.pixel(p, 55, 25) == RGBA8(0, 0, 255, 255))
        #expect(Self.pixel(p, 87, 57) == RGBA8(0, 0, 255, 255))
        #expect(Self.pixel(p, 5, 5).a == 0 && Self.pixel(p, 95, 40).a == 0 && Self.pixel(p, 50, 65).a == 0)
    }

    /// Motion tile's absent centre is libpag's default (640, 360), not the origin: on a 30 x 10
    /// image (red left half, blue right half) that is 21⅓ image widths across, so the single tile
    /// is shifted by a third of a width: x samples the image at (x + 5) mod 30, red at x 0..<10
    /// and 25..<30, blue between. (Centred on the origin it would be shifted by a half: blue first.)
    @Test func aMotionTileWithoutACentreUsesLibpagsDefault() throws {
        var image = try Pixmap(width: 30, height: 10)
        image.fill(RGBA8(255, 0, 0, 255), over: IntRect(x: 0, y: 0, width: 15, height: 10))
        image.fill(RGBA8(0, 0, 255, 255), over: IntRect(x: 15, y: 0, width: 15, height: 10))
        let p = try Self.imageLayer(image, [PAGWriter.motionTileDefaults()])
        #expect(Self.pixel(p, 5, 5) == RGBA8(255, 0, 0, 255))
        #expect(Self.pixel(p, 17, 5) == RGBA8(0, 0, 255, 255))
        #expect(Self.pixel(p, 27, 5) == RGBA8(255, 0, 0, 255))
    }

    /// Glow: channels divided by the threshold, clamped; libpag draws it only while the threshold is
    /// below 1. A flat grey 100 image (the blur of a flat image is itself) becomes 200 at
    /// threshold 0.5, and stays 100 at threshold 1.
    @Test func aGlowBrightensByItsThresholdOnlyBelowOne() throws {
        var image = try Pixmap(width: 20, height: 20)
        image.fill(RGBA8(100, 100, 100, 255))
        let half = try Self.imageLayer(image, [PAGWriter.glow(threshold: 0.5)])
        #expect(Self.pixel(half, 10, 10) == RGBA8(200, 200, 200, 255))
        let one = try Self.imageLayer(image, [PAGWriter.glow(threshold: 1)])
        #expect(Self.pixel(one, 10, 10) == RGBA8(100, 100, 100, 255))
    }

    /// Displacement map: the effect reads the layer it names (a switched-off white solid here,
    /// drawn one pixel per unit as the map) and moves the content by (2 × red − 1) × 10 = +10
    /// along x: on an image whose red is its x (× 255 / 99), pixel 40 shows x 50. Vertically the
    /// source is half: no move. Naming a layer that is not there moves nothing, with a note.
    @Test func aDisplacementMapMovesByTheMapLayersPixels() throws {
        var ramp = try Pixmap(width: 100, height: 100)
        ramp.withUnsafeMutablePixels { base, pitch in
            for y in 0..<100 { for x in 0..<100 { base[y * pitch + x] = UInt32(x * 255 / 99) | 0xff00_0000 } }
        }
        func render(mapLayer: UInt32) throws -> (Pixmap, [String]) {
            let bytes = PAGWriter.file([
                PAGWriter.imageBytes(id: 3, try PNGCodec.encode(ramp)),
                PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                    PAGWriter.layer(type: 2, id: 4, frames: 1, active: false, [PAGWriter.solidColor(255, 255, 255, width: 100, height: 100)]),
                    PAGWriter.layer(type: 5, id: 2, frames: 1, [PAGWriter.imageReference(3),
                                                                 PAGWriter.displacementMap(mapLayer: mapLayer, horizontal: 0, maxHorizontal: 10,
                                                                                           vertical: 9, maxVertical: 5)]),
                ]),
            ])
            let t = try PAGDocument(bytes: bytes, name: "displace.pag").timeline()
            return (try t.render(frame: 0, size: PixelSize(100, 100)), t.diagnostics.map(\.message))
        }
        let (moved, notes) = try render(mapLayer: 4)
        #expect(!notes.contains { $0.contains("Displacement") || $0.contains("displacement") }, "\(notes)")
        #expect(abs(Double(Self.pixel(moved, 40, 50).r) - 50 * 255 / 99) <= 2, "\(Self.pixel(moved, 40, 50))")
        #expect(Self.pixel(moved, 40, 20) == Self.pixel(moved, 40, 50), "no vertical move")
        #expect(Self.pixel(moved, 95, 50).a == 0, "read past the right edge: nothing")
        let (still, stillNotes) = try render(mapLayer: 9)
        #expect(Self.pixel(still, 40, 50) == Self.pixel(ramp, 40, 50))
        #expect(stillNotes.contains { $0.contains("displacement map reads layer 9") }, "\(stillNotes)")
    }

    /// The maps of one frame are bounded together: five 100 x 100 maps with a canvas limit of
    /// 10,000 pixels hold 50,000, over the 4 canvases one frame may draw for them; the frame is
    /// an error naming the limit, not unbounded work. Four are drawn.
    @Test func displacementMapsOfOneFrameAreBounded() throws {
        func file(layers: Int) -> [UInt8] {
            PAGWriter.file([
                PAGWriter.composition(id: 1, width: 100, height: 100, frames: 1, layers: [
                    PAGWriter.layer(type: 2, id: 4, frames: 1, active: false, [PAGWriter.solidColor(255, 255, 255, width: 100, height: 100)]),
                ] + (0..<layers).map { i in
                    PAGWriter.layer(type: 2, id: UInt32(10 + i), frames: 1, [
                        PAGWriter.solidColor(128, 128, 128, width: 100, height: 100),
                        PAGWriter.displacementMap(mapLayer: 4, horizontal: 0, maxHorizontal: 10, vertical: 9, maxVertical: 0),
                    ])
                }),
            ])
        }
        let options = OpenOptions(limits: Limits(maxCanvasPixels: 10_000))
        let four = try PAGDocument(bytes: file(layers: 4), name: "four.pag", options: options).timeline()
        _ = try four.render(frame: 0, size: PixelSize(100, 100))
        let five = try PAGDocument(bytes: file(layers: 5), name: "five.pag", options: options).timeline()
        #expect(throws: (any Error).self) { try five.render(frame: 0, size: PixelSize(100, 100)) }
        do {
            _ = try five.render(frame: 0, size: PixelSize(100, 100))
        } catch {
            #expect("\(error)".contains("displacement maps of one frame"), "\(error)")
            #expect("\(error)".contains("five.pag"), "\(error)")
        }
    }
}

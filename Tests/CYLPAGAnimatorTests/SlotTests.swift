import CYLImageCodecs
import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// `--slot` on PAG files: editable texts (`text0`, or the layer's name) and images (`image0`).
@Suite struct PAGSlotTests {
    static func textFile() -> [UInt8] {
        PAGWriter.file([
            PAGWriter.composition(id: 1, width: 200, height: 100, frames: 1, layers: [
                PAGWriter.layer(type: 3, id: 2, frames: 1, name: "Title",
                                [PAGWriter.position(20, 60), PAGWriter.textSource("I", size: 40, rgb: [0, 0, 0])]),
            ]),
        ])
    }

    static func inkWidth(_ t: FrameTimeline) throws -> Int {
        let p = try t.render(frame: 0, size: t.canvasSize)
        var x0 = p.width, x1 = 0
        p.withUnsafeBytes { b in
            for y in 0..<p.height { for x in 0..<p.width where b[(y * p.width + x) * 4 + 3] >= 128 { x0 = min(x0, x); x1 = max(x1, x + 1) } }
        }
        return max(0, x1 - x0)
    }

    @Test func aTextSlotReplacesTheTextByIndexOrLayerName() throws {
        let plain = try PAGDocument(bytes: Self.textFile(), name: "t.pag")
        let editable = plain.contents.first { $0.name == "editable (--slot)" }?.value
        #expect(editable == .list([.string("text0 \"Title\" = \"I\"")]), "info lists the slot with its layer name and text")
        let narrow = try Self.inkWidth(plain.timeline())
        for id in ["text0", "Title"] {
            var options = OpenOptions()
            options.slots = [try SlotOverride.parse("\(id)=WWW")]
            let wide = try Self.inkWidth(try PAGDocument(bytes: Self.textFile(), name: "t.pag", options: options).timeline())
            #expect(wide > 3 * narrow, "\(id): \"WWW\" is drawn instead of \"I\" (\(wide) vs \(narrow) px)")
        }
    }

    @Test func anUnknownSlotIsAWarningNamingTheSlotsThereAre() throws {
        var options = OpenOptions()
        options.slots = [try SlotOverride.parse("image3=x.png")]
        let t = try PAGDocument(bytes: Self.textFile(), name: "t.pag", options: options).timeline()
        #expect(t.diagnostics.contains { $0.message.contains("no editable text or image \"image3\" (its slots: text0)") })
    }

    @Test func anImageSlotIsLetterboxedIntoTheImageItReplaces() throws {
        // The embedded image is 20 x 10 at (0, 0); the replacement is 10 x 10 red: letterboxed,
        // it fills x 5..<15, y 0..<10.
        var green = try Pixmap(width: 20, height: 10)
        green.fill(RGBA8(0, 255, 0, 255))
        var red = try Pixmap(width: 10, height: 10)
        red.fill(RGBA8(255, 0, 0, 255))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pag-slot-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("red.png").path
        try Data(try PNGCodec.encode(red)).write(to: URL(fileURLWithPath: path))
        let bytes = PAGWriter.file([
            PAGWriter.imageBytes(id: 3, try PNGCodec.encode(green)),
            PAGWriter.composition(id: 1, width: 40, height: 20, frames: 1, layers: [
                PAGWriter.layer(type: 5, id: 2, frames: 1, [PAGWriter.imageReference(3)]),
            ]),
        ])
        var options = OpenOptions()
        options.slots = [try SlotOverride.parse("image0=\(path)")]
        let t = try PAGDocument(bytes: bytes, name: "i.pag", options: options).timeline()
        #expect(t.inputs.contains(path), "outputs must never overwrite the slot's image")
        let p = try t.render(frame: 0, size: PixelSize(40, 20))
        func pixel(_ x: Int, _ y: Int) -> RGBA8 { p.withUnsafeBytes { b in let i = (y * 40 + x) * 4; return RGBA8(b[i], b[i + 1], b[i + 2], b[i + 3]) } }
        #expect(pixel(10, 5) == RGBA8(255, 0, 0, 255))
        #expect(pixel(2, 5).a == 0 && pixel(17, 5).a == 0)
    }
}

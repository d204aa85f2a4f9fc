import CYLGeometry
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Layer effects (`ef`) and styles (`sy`) as display-list effects: the After Effects parameters
/// turned into the renderer's units, controls drawing nothing, and the notes for what is left out.
@Suite struct LottieEffectTests {
    func document(effects: String = "[]", styles: String = "[]", masks: String = "[]") throws -> LottieDocument {
        let layer = """
        {"ty":4,"ind":1,"nm":"box","ip":0,"op":100,"st":0,"ks":{"p":{"a":0,"k":[50,50]}},
         "ef":\(effects),"sy":\(styles),"masksProperties":\(masks),
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
        """
        return try LottieDocument(bytes: lottie(layers: layer), name: "fx.json")
    }

    func param(_ ty: Int, _ name: String, _ value: String) -> String {
        "{\"ty\":\(ty),\"nm\":\"\(name)\",\"v\":{\"a\":0,\"k\":\(value)}}"
    }

    func effects(_ doc: LottieDocument) throws -> [LayerEffect] {
        let list = try doc.makeRenderer().displayList(frame: 0)
        return list.groups.flatMap { list.effects[$0.effects] }
    }

    /// Drop shadow: opacity 0-255, direction clockwise from up (180 = straight down), softness
    /// times 0.3 as σ.
    @Test func dropShadowEffectParameters() throws {
        let ef = "[{\"ty\":25,\"nm\":\"Drop Shadow\",\"mn\":\"ADBE Drop Shadow\",\"en\":1,\"ef\":[" + [
            param(2, "Shadow Color", "[0,0,1,1]"), param(0, "Opacity", "127.5"), param(0, "Direction", "180"),
            param(0, "Distance", "10"), param(0, "Softness", "20"), param(7, "Shadow Only", "0")].joined(separator: ",") + "]}]"
        let fx = try effects(try document(effects: ef))
        guard fx.count == 1, case let .dropShadow(d) = fx[0] else {
            Issue.record("expected one drop shadow, got \(fx)"); return
        }
        #expect(d.color == Color(0, 0, 1, 0.5))
        #expect(abs(d.offset.x) < 1e-9 && abs(d.offset.y - 10) < 1e-9)
        #expect(abs(d.sigma - 6) < 1e-9 && d.spread == 0 && !d.shadowOnly && d.placement == .wholePixels)
    }

    @Test func blurFillTintTritoneParameters() throws {
        let blur = "{\"ty\":29,\"en\":1,\"ef\":[\(param(0, "Blurriness", "10")),\(param(7, "Dimensions", "2")),\(param(7, "Repeat", "0"))]}"
        let fill = "{\"ty\":21,\"en\":1,\"ef\":[\(param(10, "Mask", "0")),\(param(7, "All", "0")),\(param(2, "Color", "[0,1,0,1]")),"
            + "\(param(7, "Invert", "0")),\(param(0, "H", "0")),\(param(0, "V", "0")),\(param(0, "Opacity", "0.25"))]}"
        let tint = "{\"ty\":20,\"en\":1,\"ef\":[\(param(2, "Black", "[0,0,0,1]")),\(param(2, "White", "[1,1,0,1]")),\(param(0, "Amount", "50"))]}"
        let tritone = "{\"ty\":23,\"en\":1,\"ef\":[\(param(2, "Bright", "[1,1,1,1]")),\(param(2, "Mid", "[0.5,0,0,1]")),\(param(2, "Dark", "[0,0,0,1]"))]}"
        let fx = try effects(try document(effects: "[\(blur),\(fill),\(tint),\(tritone)]"))
        #expect(fx == [.blur(sigmaX: 3, sigmaY: 0), .fill(Color(0, 1, 0), opacity: 0.25),
                       .tint(black: .black, white: Color(1, 1, 0), amount: 0.5),
                       .tritone(dark: .black, mid: Color(0.5, 0, 0), bright: .white, original: 0)])
    }

    /// Controls feed expressions only; disabled effects draw nothing (an effect without `en` is
    /// off, as ThorVG and rlottie have it); effects the renderer lacks are notes naming them.
    @Test func controlsDisabledAndUnsupportedEffects() throws {
        let slider = "{\"ty\":5,\"en\":1,\"nm\":\"Speed\",\"mn\":\"ADBE Slider Control\",\"ef\":[\(param(0, "Slider", "3"))]}"
        let off = "{\"ty\":29,\"en\":0,\"ef\":[\(param(0, "Blurriness", "10"))]}"
        let puppet = "{\"ty\":5,\"en\":1,\"nm\":\"Puppet\",\"mn\":\"ADBE FreePin3 Puppet\",\"ef\":[]}"
        let unmarked = "{\"ty\":29,\"ef\":[\(param(0, "Blurriness", "10"))]}"
        let doc = try document(effects: "[\(slider),\(off),\(puppet),\(unmarked)]")
        #expect(try effects(doc).isEmpty)
        let list = try doc.makeRenderer().displayList(frame: 0)
        #expect(!list.groups[0].isIsolated)
        let notes = doc.diagnostics.map(\.message)
        #expect(notes.contains { $0.contains("Puppet") && $0.contains("ADBE FreePin3 Puppet") && $0.contains("not supported") })
        #expect(!notes.contains { $0.contains("Speed") || $0.contains("Blurriness") })
    }

    /// The stroke effect strokes the named mask with twice the brush size.
    @Test func strokeEffectStrokesTheMask() throws {
        let mask = "[{\"mode\":\"n\",\"pt\":{\"a\":0,\"k\":{\"c\":true,\"v\":[[0,0],[10,0],[10,10]],\"i\":[[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,0]]}}}]"
        let stroke = "{\"ty\":22,\"en\":1,\"ef\":[" + [param(10, "Path", "1"), param(7, "All Masks", "0"), param(7, "Seq", "0"),
            param(2, "Color", "[0,0,1,1]"), param(0, "Brush Size", "3"), param(0, "Hardness", "1"), param(0, "Opacity", "0.5"),
            param(0, "Start", "0"), param(0, "End", "100"), param(0, "Spacing", "15"), param(7, "Paint Style", "2")]
            .joined(separator: ",") + "]}"
        let fx = try effects(try document(effects: "[\(stroke)]", masks: mask))
        guard fx.count == 1, case let .stroke(paths, color, style, mode) = fx[0] else { Issue.record("\(fx)"); return }
        #expect(paths.count == 1 && color == Color(0, 0, 1, 0.5) && style.width == 6 && mode == .alone)
    }

    /// Styles: stroke as an outline, drop shadow away from the light (angle 90: light from above,
    /// shadow straight down), outer glow.
    @Test func layerStyles() throws {
        let styles = """
        [{"ty":0,"s":{"a":0,"k":4},"c":{"a":0,"k":[0,1,0,1]}},
         {"ty":1,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":50},"a":{"a":0,"k":90},"s":{"a":0,"k":8},"d":{"a":0,"k":6},"ch":{"a":0,"k":0}},
         {"ty":3,"c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100},"s":{"a":0,"k":10},"ch":{"a":0,"k":50}},
         {"ty":6}]
        """
        let doc = try document(styles: styles)
        let fx = try effects(doc)
        #expect(fx.count == 3)
        #expect(fx.first == .outline(color: Color(0, 1, 0), width: 4))
        if case let .dropShadow(d) = fx[1] {
            #expect(d.color == Color(0, 0, 0, 0.5) && abs(d.offset.x) < 1e-9 && abs(d.offset.y - 6) < 1e-9 && d.sigma == 4 && d.spread == 0)
        } else { Issue.record("\(fx[1])") }
        #expect(fx.last == .glow(color: Color(1, 1, 0), spread: 5, sigma: 2.5))
        #expect(doc.diagnostics.contains { $0.message.contains("satin") })
    }

    /// Drawn: a blur spreads the layer past its edge (the shape ends at 70 of 100).
    @Test func effectsAreDrawn() throws {
        let blur = "{\"ty\":29,\"en\":1,\"ef\":[\(param(0, "Blurriness", "10")),\(param(7, "Dimensions", "1"))]}"
        let doc = try document(effects: "[\(blur)]")
        var target = try Pixmap(width: 100, height: 100)
        try doc.makeRenderer().render(frame: 0, into: &target)
        #expect(target[71, 50].a > 40 && target[71, 50].a < 128)
        #expect(target[50, 50].a == 255)
    }
}

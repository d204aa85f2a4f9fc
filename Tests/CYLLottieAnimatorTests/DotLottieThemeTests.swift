import CYLDocuments
import CYLImageCodecs
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// dotLottie v2 themes, rule type by rule type, from the format's specification (the dotLottie
/// theme rules and how dotlottie-rs turns them into Lottie slots); every expected pixel is worked
/// out by hand in the comment beside it. The corpus (DotLottieConformanceTests) only has Color.
@Suite struct DotLottieThemeTests {
    // MARK: Building files

    /// A 100x100 animation of 11 frames whose layers are `layers` (JSON), with `extra` root members.
    static func animation(_ layers: String, extra: String = "") -> String {
        """
        {"v":"5.7.0","fr":10,"ip":0,"op":11,"w":100,"h":100\(extra),"layers":[\(layers)]}
        """
    }

    /// A shape layer (transform `ks`) drawing a rectangle (centre `p`, size `s`) filled with `fill`
    /// at opacity `o`; each value is a property JSON (with its `sid`).
    static func rectangle(p: String = #"{"a":0,"k":[50,50]}"#, s: String = #"{"a":0,"k":[100,100]}"#,
                          fill: String = #"{"a":0,"k":[1,0,0,1],"sid":"tint"}"#, o: String = #"{"a":0,"k":100}"#,
                          ks: String = "{}") -> String {
        """
        {"ty":4,"ind":1,"ip":0,"op":11,"st":0,"ks":\(ks),"shapes":[{"ty":"rc","p":\(p),"s":\(s),"r":{"a":0,"k":0}},
         {"ty":"fl","c":\(fill),"o":\(o)}]}
        """
    }

    /// A `.lottie` (version 2) holding `animations` (id, JSON) and `themes` (id, JSON), with more
    /// entries `extra` (name, bytes); `perAnimation` gives an animation's own manifest themes list.
    static func dotLottie(animations: [(String, String)], themes: [(String, String)], extra: [(String, [UInt8])] = [],
                          perAnimation: [String: [String]] = [:]) -> [UInt8] {
        func list(_ ids: [String]) -> String { ids.map { "\"\($0)\"" }.joined(separator: ",") }
        let anims = animations.map { a in
            "{\"id\":\"\(a.0)\"" + (perAnimation[a.0].map { ",\"themes\":[\(list($0))]" } ?? "") + "}"
        }
        let manifest = "{\"version\":\"2\",\"animations\":[\(anims.joined(separator: ","))],\"themes\":[\(themes.map { "{\"id\":\"\($0.0)\"}" }.joined(separator: ","))]}"
        var files: [(name: String, bytes: [UInt8])] = [("manifest.json", Array(manifest.utf8))]
        files += animations.map { ("a/\($0.0).json", Array($0.1.utf8)) }
        files += themes.map { ("t/\($0.0).json", Array($0.1.utf8)) }
        files += extra.map { (name: $0.0, bytes: $0.1) }
        return ZipWriter.archive(files)
    }

    /// A theme file of `rules` (JSON objects).
    static func theme(_ rules: String...) -> String { "{\"rules\":[\(rules.joined(separator: ","))]}" }

    static func open(_ bytes: [UInt8], theme: String?, animation: String? = nil, slots: [SlotOverride] = []) throws -> FrameTimeline {
        var options = OpenOptions(animationID: animation, slots: slots)
        options.theme = theme
        return try DotLottieAnimator().timeline(bytes: bytes, name: "t.lottie", options: options)
    }

    static func pixel(_ t: FrameTimeline, frame: Int = 0, _ x: Int, _ y: Int) throws -> RGBA8 {
        try t.render(frame: frame, size: PixelSize(100, 100))[x, y]
    }

    static func near(_ c: RGBA8, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> Bool {
        abs(Int(c.r) - r) <= 1 && abs(Int(c.g) - g) <= 1 && abs(Int(c.b) - b) <= 1 && abs(Int(c.a) - a) <= 1
    }

    // MARK: Color

    @Test func colorValueDropsAlpha() throws {
        // [0.2, 0.4, 1, 0.5]: r,g,b kept (51, 102, 255), the 0.5 alpha dropped as dotlottie-rs does.
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle()))],
                                  themes: [("blue", Self.theme(#"{"id":"tint","type":"Color","value":[0.2,0.4,1,0.5]}"#))])
        #expect(try Self.pixel(Self.open(file, theme: nil), 50, 50) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(Self.open(file, theme: "blue"), 50, 50) == RGBA8(51, 102, 255, 255))
    }

    @Test func colorKeyframesInterpolateAndHold() throws {
        // Red at frame 0 to blue at frame 10, linear: frame 5 is half-way, 127.5 of each (±1).
        let linear = #"{"id":"tint","type":"Color","keyframes":[{"frame":0,"value":[1,0,0],"outTangent":{"x":0,"y":0},"inTangent":{"x":1,"y":1}},{"frame":10,"value":[0,0,1]}]}"#
        // The same with "hold": frame 5 keeps frame 0's red.
        let hold = #"{"id":"tint","type":"Color","keyframes":[{"frame":0,"value":[1,0,0],"hold":true},{"frame":10,"value":[0,0,1]}]}"#
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle(fill: #"{"a":0,"k":[0,1,0,1],"sid":"tint"}"#)))],
                                  themes: [("fade", Self.theme(linear)), ("step", Self.theme(hold))])
        let fade = try Self.open(file, theme: "fade")
        #expect(try Self.pixel(fade, frame: 0, 50, 50) == RGBA8(255, 0, 0, 255))
        let mid = try Self.pixel(fade, frame: 5, 50, 50)
        #expect(Self.near(mid, 128, 0, 128), "\(mid)")
        #expect(try Self.pixel(fade, frame: 10, 50, 50) == RGBA8(0, 0, 255, 255))
        let step = try Self.open(file, theme: "step")
        #expect(try Self.pixel(step, frame: 5, 50, 50) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(step, frame: 10, 50, 50) == RGBA8(0, 0, 255, 255))
    }

    // MARK: Scalar, Vector, Position

    @Test func scalarValueAndKeyframes() throws {
        // Fill opacity 40: premultiplied red 0.4 * 255 = 102, alpha the same.
        // Keyframes 0 → 100 over frames 0-10: frame 5 is 50%, 127.5 (±1).
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle(o: #"{"a":0,"k":100,"sid":"alpha"}"#)))],
                                  themes: [("dim", Self.theme(#"{"id":"alpha","type":"Scalar","value":40}"#)),
                                           ("rise", Self.theme(#"{"id":"alpha","type":"Scalar","keyframes":[{"frame":0,"value":0},{"frame":10,"value":100}]}"#))])
        #expect(Self.near(try Self.pixel(Self.open(file, theme: "dim"), 50, 50), 102, 0, 0, 102))
        let rise = try Self.open(file, theme: "rise")
        #expect(try Self.pixel(rise, frame: 0, 50, 50) == RGBA8(0, 0, 0, 0))
        let mid = try Self.pixel(rise, frame: 5, 50, 50)
        #expect(Self.near(mid, 128, 0, 0, 128), "\(mid)")
    }

    @Test func vectorValueSizesTheRectangle() throws {
        // Size [40, 20] centred at (50, 50): x 30-70, y 40-60. (60, 50) is inside, (50, 35) and
        // (25, 50) are outside; the file's own size (100x100) fills everything.
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle(s: #"{"a":0,"k":[100,100],"sid":"size"}"#)))],
                                  themes: [("small", Self.theme(#"{"id":"size","type":"Vector","value":[40,20]}"#))])
        let t = try Self.open(file, theme: "small")
        #expect(try Self.pixel(t, 60, 50) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(t, 50, 35) == .transparent)
        #expect(try Self.pixel(t, 25, 50) == .transparent)
        #expect(try Self.pixel(Self.open(file, theme: nil), 25, 50) == RGBA8(255, 0, 0, 255))
    }

    @Test func positionValueAndSpatialKeyframes() throws {
        // A 10x10 square on a layer whose position is themed. Fixed at (25, 25): (25, 25) is drawn, (50, 50) is not.
        // Keyframes (20, 50) at frame 0 → (80, 50) at frame 10, the first with valueOutTangent
        // [0, -40] and valueInTangent [0, -40] (`to` and `ti`: as in Lottie, both tangents of a
        // segment sit on its first keyframe, the in tangent relative to the segment's end): the path is the cubic (20,50) (20,10) (80,10) (80,50), symmetric,
        // so half-way along it (frame 5, linear timing) is its midpoint
        // ((20 + 3·20 + 3·80 + 80) / 8, (50 + 3·10 + 3·10 + 50) / 8) = (50, 20). Without the
        // tangents the square would be at (50, 50).
        // The layer's position is the slot (the rectangle sits on the layer's origin).
        let square = Self.rectangle(p: #"{"a":0,"k":[0,0]}"#, s: #"{"a":0,"k":[10,10]}"#, ks: #"{"p":{"a":0,"k":[50,50],"sid":"at"}}"#)
        let moving = #"{"id":"at","type":"Position","keyframes":[{"frame":0,"value":[20,50],"valueOutTangent":[0,-40],"valueInTangent":[0,-40]},{"frame":10,"value":[80,50]}]}"#
        let file = Self.dotLottie(animations: [("icon", Self.animation(square))],
                                  themes: [("corner", Self.theme(#"{"id":"at","type":"Position","value":[25,25]}"#)),
                                           ("arc", Self.theme(moving))])
        let corner = try Self.open(file, theme: "corner")
        #expect(try Self.pixel(corner, 25, 25) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(corner, 50, 50) == .transparent)
        let arc = try Self.open(file, theme: "arc")
        #expect(try Self.pixel(arc, frame: 0, 20, 50) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(arc, frame: 5, 50, 20) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(arc, frame: 5, 50, 50) == .transparent)
    }

    // MARK: Gradient

    @Test func gradientStopsWithAndWithoutAlpha() throws {
        // The file's gradient is red to red; the theme's green to green fills green. With alpha
        // 0.2 on both stops: alpha 51, premultiplied blue 51. Keyframed red → blue over frames
        // 0-10: frame 5 half-way, 127.5 each (±1).
        let fill = #"""
        {"ty":4,"ind":1,"ip":0,"op":11,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
         {"ty":"gf","t":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"o":{"a":0,"k":100},
          "g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,1,0,0]},"sid":"ramp"}}]}
        """#
        let file = Self.dotLottie(animations: [("icon", Self.animation(fill))], themes: [
            ("green", Self.theme(#"{"id":"ramp","type":"Gradient","value":[{"offset":0,"color":[0,1,0]},{"offset":1,"color":[0,1,0]}]}"#)),
            ("faint", Self.theme(#"{"id":"ramp","type":"Gradient","value":[{"offset":0,"color":[0,0,1,0.2]},{"offset":1,"color":[0,0,1,0.2]}]}"#)),
            ("shift", Self.theme(#"{"id":"ramp","type":"Gradient","keyframes":[{"frame":0,"value":[{"offset":0,"color":[1,0,0]},{"offset":1,"color":[1,0,0]}]},{"frame":10,"value":[{"offset":0,"color":[0,0,1]},{"offset":1,"color":[0,0,1]}]}]}"#)),
        ])
        #expect(try Self.pixel(Self.open(file, theme: nil), 50, 50) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(Self.open(file, theme: "green"), 50, 50) == RGBA8(0, 255, 0, 255))
        #expect(Self.near(try Self.pixel(Self.open(file, theme: "faint"), 50, 50), 0, 0, 51, 51))
        let shift = try Self.open(file, theme: "shift")
        let mid = try Self.pixel(shift, frame: 5, 50, 50)
        #expect(Self.near(mid, 128, 0, 128), "\(mid)")
        #expect(try Self.pixel(shift, frame: 10, 50, 50) == RGBA8(0, 0, 255, 255))
    }

    // MARK: Image

    static func solidPNG(_ c: RGBA8) throws -> [UInt8] {
        try PNGCodec.encode(try Pixmap(width: 100, height: 100, straightRGBA: [c.r, c.g, c.b, c.a].repeated(10_000)))
    }

    @Test func imageByPathAndByDataURL() throws {
        // The file's image (i/red.png, 100x100) fills the canvas; the theme swaps in i/blue.png, or
        // an embedded green PNG.
        let layer = #"{"ty":2,"ind":1,"ip":0,"op":11,"st":0,"refId":"photo","ks":{}}"#
        let json = Self.animation(layer, extra: #","assets":[{"id":"photo","w":100,"h":100,"u":"i/","p":"red.png","e":0,"sid":"pic"}]"#)
        let green = "data:image/png;base64," + Base64.encode(try Self.solidPNG(RGBA8(0, 255, 0, 255)))
        let file = Self.dotLottie(animations: [("icon", json)],
                                  themes: [("blue", Self.theme(#"{"id":"pic","type":"Image","value":{"path":"i/blue.png"}}"#)),
                                           ("green", Self.theme("{\"id\":\"pic\",\"type\":\"Image\",\"value\":{\"dataUrl\":\"\(green)\",\"width\":100,\"height\":100}}"))],
                                  extra: [("i/red.png", try Self.solidPNG(RGBA8(255, 0, 0, 255))), ("i/blue.png", try Self.solidPNG(RGBA8(0, 0, 255, 255)))])
        #expect(try Self.pixel(Self.open(file, theme: nil), 50, 50) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(Self.open(file, theme: "blue"), 50, 50) == RGBA8(0, 0, 255, 255))
        #expect(try Self.pixel(Self.open(file, theme: "green"), 50, 50) == RGBA8(0, 255, 0, 255))
    }

    // MARK: Text

    @Test func textValueAndKeyframes() throws {
        // Glyph "A" of TextTests' box font is a 50-unit square on the baseline (100-unit em). The
        // layer sits at (10, 60). The file draws it red at size 20: x 10-20, y 50-60, so (25, 45)
        // is empty. The theme's document draws it blue at size 40: x 10-30, y 40-60, (25, 45)
        // blue. Keyframed: blue from frame 0, green from frame 5.
        let layer = TextTests.textLayer(#""t":"A","f":"Box-Regular","s":20,"fc":[1,0,0]"#, position: "[10,60]")
            .replacingOccurrences(of: #""t":{"d":{"#, with: #""t":{"d":{"sid":"title","#)
        let json = Self.animation(layer, extra: "," + TextTests.boxChars)
        let blue = #"{"text":"A","fontName":"Box-Regular","fontSize":40,"fillColor":[0,0,1],"justify":"Left"}"#
        let green = #"{"text":"A","fontName":"Box-Regular","fontSize":40,"fillColor":[0,1,0]}"#
        let file = Self.dotLottie(animations: [("icon", json)], themes: [
            ("big", Self.theme("{\"id\":\"title\",\"type\":\"Text\",\"value\":\(blue)}")),
            ("change", Self.theme("{\"id\":\"title\",\"type\":\"Text\",\"keyframes\":[{\"frame\":0,\"value\":\(blue)},{\"frame\":5,\"value\":\(green)}]}")),
        ])
        let plain = try Self.open(file, theme: nil)
        #expect(try Self.pixel(plain, 15, 55) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(plain, 25, 45) == .transparent)
        #expect(try Self.pixel(Self.open(file, theme: "big"), 25, 45) == RGBA8(0, 0, 255, 255))
        let change = try Self.open(file, theme: "change")
        #expect(try Self.pixel(change, frame: 4, 25, 45) == RGBA8(0, 0, 255, 255))
        #expect(try Self.pixel(change, frame: 6, 25, 45) == RGBA8(0, 255, 0, 255))
    }

    @Test func stringsSurviveIntoTheSlotJSON() throws {
        // A rule's strings (text, font names, image paths) are written into the slot's JSON as
        // literals: quotes, backslashes and control characters come back as they were.
        let text = "say \"hi\"\\ \n\t\u{1}é\u{2028}"
        let rule = try JSONSerialization.data(withJSONObject: ["id": "t", "type": "Text", "value": ["text": text, "fontName": "A\"B"]])
        let element = try JSONDocument.parseElement([UInt8](rule), name: "rule.json")
        let slot = try DotLottieTheme.rule(element, type: .text).slotJSON
        let document = try JSONDocument.parseElement(Array(slot.utf8), name: "slot.json")
        #expect(document["k"]?[0]?["s"]?["t"]?.node.asString == text, "\(slot)")
        #expect(document["k"]?[0]?["s"]?["f"]?.node.asString == "A\"B", "\(slot)")
    }

    // MARK: Which rules and themes apply

    @Test func rulesLimitedToAnimations() throws {
        // One theme, a rule limited to "b": "a" keeps its red, "b" turns blue.
        let json = Self.animation(Self.rectangle())
        let file = Self.dotLottie(animations: [("a", json), ("b", json)],
                                  themes: [("only-b", Self.theme(#"{"id":"tint","type":"Color","value":[0,0,1],"animations":["b"]}"#))])
        #expect(try Self.pixel(Self.open(file, theme: "only-b", animation: "a"), 50, 50) == RGBA8(255, 0, 0, 255))
        #expect(try Self.pixel(Self.open(file, theme: "only-b", animation: "b"), 50, 50) == RGBA8(0, 0, 255, 255))
        let info = try Self.open(file, theme: nil, animation: "a").contents.flatMap { InfoValue.object([$0]).lines() }.joined(separator: "\n")
        #expect(info.contains("tint: Color, fixed, only for b (not this animation)"), "\(info)")
    }

    @Test func anAnimationsOwnThemesListDecides() throws {
        // The manifest gives animation "icon" the list ["mine"]: "other" is the manifest's but not
        // this animation's, so asking for it is a usage error that lists "mine".
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle()))],
                                  themes: [("mine", Self.theme(#"{"id":"tint","type":"Color","value":[0,0,1]}"#)),
                                           ("other", Self.theme(#"{"id":"tint","type":"Color","value":[0,1,0]}"#))],
                                  perAnimation: ["icon": ["mine"]])
        #expect(try Self.pixel(Self.open(file, theme: "mine"), 50, 50) == RGBA8(0, 0, 255, 255))
        let e = try #require(throws: OpenError.self) { try Self.open(file, theme: "other") }
        #expect(e.kind == .unknownName && e.message.contains("its themes: mine") && e.message.contains("limits animation 'icon'"), "\(e)")
        let missing = try #require(throws: OpenError.self) { try Self.open(file, theme: "dark") }
        #expect(missing.kind == .unknownName && missing.description == "t.lottie: --theme dark: animation 'icon' has no theme 'dark'; its themes: mine")
    }

    @Test func aRuleExpressionIsReportedNotRun() throws {
        // The rule's value is drawn; its expression (which would give green) is a warning.
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle()))],
                                  themes: [("x", Self.theme(#"{"id":"tint","type":"Color","value":[0,0,1],"expression":"[0,1,0,1]"}"#))])
        let t = try Self.open(file, theme: "x")
        #expect(try Self.pixel(t, 50, 50) == RGBA8(0, 0, 255, 255))
        #expect(t.diagnostics.contains { $0.feature == .expressions && $0.location == "t/x.json: rules[0].expression" && $0.message.contains("is not run") },
                "\(t.diagnostics)")
    }

    @Test func commandLineSlotsWinOverTheTheme() throws {
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle()))],
                                  themes: [("blue", Self.theme(#"{"id":"tint","type":"Color","value":[0,0,1]}"#))])
        #expect(try Self.pixel(Self.open(file, theme: "blue", slots: [SlotOverride.parse("tint=#00ff00")]), 50, 50) == RGBA8(0, 255, 0, 255))
    }

    // MARK: Reports and errors

    @Test func rulesThatMatchNoSlotAreReported() throws {
        // "tnit" names no slot; "Colour" is not a rule type of the format. Both are warnings.
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle()))],
                                  themes: [("typo", Self.theme(#"{"id":"tnit","type":"Color","value":[0,0,1]}"#,
                                                               #"{"id":"tint","type":"Colour","value":[0,0,1]}"#))])
        let t = try Self.open(file, theme: "typo")
        #expect(try Self.pixel(t, 50, 50) == RGBA8(255, 0, 0, 255))
        let themed = t.diagnostics.filter { $0.feature == .themes }
        #expect(themed.contains { $0.location == "t/typo.json: rules[0]" && $0.message.contains("rule \"tnit\" (Color) matches no slot") && $0.message.contains("its slots: tint") }, "\(themed)")
        #expect(themed.contains { $0.location == "t/typo.json: rules[1]" && $0.message.contains("rule type \"Colour\"") }, "\(themed)")
        let info = t.contents.flatMap { InfoValue.object([$0]).lines() }.joined(separator: "\n")
        #expect(info.contains("tnit: Color, fixed (matches no slot)") && info.contains("slots it leaves:\n      - tint"), "\(info)")
    }

    @Test(arguments: [
        (#"{"rules":[{"id":"tint","type":"Color","value":[0,0,1]},{"id":"tint","type":"Color","value":[1,2]}]}"#, "rules[1].value", "found 2 numbers"),
        (#"{"rules":[{"id":"tint","type":"Scalar"}]}"#, "rules[0]", "needs a \"value\" or \"keyframes\""),
        (#"{"rules":[{"type":"Color","value":[0,0,1]}]}"#, "rules[0]", "missing required key \"id\""),
        (#"{"rules":{}}"#, "rules", "expected an array"),
        (#"{"rules":[{"id":"t","type":"Text","value":{"text":"A","justify":"Middle"}}]}"#, "rules[0].value.justify", "not one of Left"),
        (#"{"rules":[{"id":"g","type":"Gradient","value":[{"offset":0,"color":[1]}]}]}"#, "rules[0].value[0].color", "found 1 numbers"),
        (#"{"rules":[{"id":"p","type":"Image","value":{}}]}"#, "rules[0].value", "needs a \"path\" or a \"dataUrl\""),
        (#"{"rules":[{"id":"c","type":"Color","keyframes":[{"value":[1,0,0]}]}]}"#, "rules[0].keyframes[0]", "missing required key \"frame\""),
        ("{\"rules\":[", "", "t/bad.json"),
    ])
    func malformedThemesAreErrorsWithTheirPlace(json: String, place: String, message: String) throws {
        let file = Self.dotLottie(animations: [("icon", Self.animation(Self.rectangle()))], themes: [("bad", json)])
        let e = try #require(throws: OpenError.self) { try Self.open(file, theme: "bad") }
        #expect(e.file == "t.lottie:t/bad.json" && e.description.contains(message), "\(e)")
        #expect(e.location.path.map { "\($0)" } ?? "" == place, "\(e)")   // the exact JSON path, or none for a syntax error
        // Not chosen, the broken theme is a warning and the file still opens.
        let t = try Self.open(file, theme: nil)
        #expect(t.diagnostics.contains { $0.feature == .themes && $0.message.contains("theme \"bad\" cannot be used") }, "\(t.diagnostics)")
    }

    @Test func aMissingThemeEntryIsAnError() throws {
        var files: [(name: String, bytes: [UInt8])] = [("manifest.json", Array(#"{"version":"2","animations":[{"id":"icon"}],"themes":[{"id":"gone"}]}"#.utf8))]
        files.append(("a/icon.json", Array(Self.animation(Self.rectangle()).utf8)))
        let e = try #require(throws: OpenError.self) { try Self.open(ZipWriter.archive(files), theme: "gone") }
        #expect(e.description.contains("there is no t/gone.json"), "\(e)")
    }
}

private extension Array {
    func repeated(_ n: Int) -> [Element] { Array((0..<n).map { _ in self }.joined()) }
}

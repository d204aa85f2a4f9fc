@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Dark-mode colour overrides by keypath (`OpenOptions.colorOverrides`), resolved when the file is
/// opened: `*` one name, `**` any number, a layer or group recolours everything under it.
@Suite struct ColorOverrideTests {
    /// A 100x100 icon with one thing per region (first layer on top; nothing overlaps):
    /// - `Bell.Body.Fill 1`: red square around (25, 25), inside the group `Body`
    /// - `Badge.Fill 1`: green square around (75, 25)
    /// - `Ring.Stroke 1`: blue 4 px outline of the square around (25, 75) (left edge at x = 10)
    /// - `Grad.Gradient 1`: linear gradient across x 60…90 around (75, 75): red and opaque to 10 %,
    ///   then to blue at opacity 0.5
    /// - `Pre.Inner.Fill 1` and `Pre2.Inner.Fill 1`: the same precomp twice, a yellow 10x10 square at
    ///   (50, 50) and, shifted down 10, at (50, 60)
    static let document: [UInt8] = {
        func rect(_ x: Int, _ y: Int, _ w: Int) -> String {
            #"{"ty":"rc","p":{"a":0,"k":[\#(x),\#(y)]},"s":{"a":0,"k":[\#(w),\#(w)]},"r":{"a":0,"k":0}}"#
        }
        func layer(_ name: String, _ shapes: String) -> String {
            #"{"ty":4,"nm":"\#(name)","ip":0,"op":10,"st":0,"ks":{},"shapes":[\#(shapes)]}"#
        }
        let layers = [
            layer("Bell", #"{"ty":"gr","nm":"Body","it":[\#(rect(25, 25, 30)),{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#),
            layer("Badge", rect(75, 25, 30) + #",{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}"#),
            layer("Ring", rect(25, 75, 30) + #",{"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1}"#),
            layer("Grad", rect(75, 75, 30) + #",{"ty":"gf","nm":"Gradient 1","o":{"a":0,"k":100},"t":1,"s":{"a":0,"k":[60,75]},"e":{"a":0,"k":[90,75]},"g":{"p":3,"k":{"a":0,"k":[0,1,0,0,0.1,1,0,0,1,0,0,1,0,1,0.1,1,1,0.5]}}}"#),
            #"{"ty":0,"nm":"Pre","refId":"comp1","w":100,"h":100,"ip":0,"op":10,"st":0,"ks":{}}"#,
            #"{"ty":0,"nm":"Pre2","refId":"comp1","w":100,"h":100,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[0,10]}}}"#,
        ]
        let assets = #","assets":[{"id":"comp1","layers":[\#(layer("Inner", rect(50, 50, 10) + #",{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}"#))]}]"#
        return lottie(layers: layers.joined(separator: ","), extra: assets)
    }()

    static let red = RGBA8(255, 0, 0, 255), green = RGBA8(0, 255, 0, 255), blue = RGBA8(0, 0, 255, 255)
    static let yellow = RGBA8(255, 255, 0, 255), white = RGBA8(255, 255, 255, 255), black = RGBA8(0, 0, 0, 255)

    struct Probe {
        let timeline: FrameTimeline
        let image: Pixmap
        var bell: RGBA8 { image[25, 25] }
        var badge: RGBA8 { image[75, 25] }
        var ring: RGBA8 { image[10, 75] }
        var gradientStart: RGBA8 { image[61, 75] }
        var gradientEnd: RGBA8 { image[89, 75] }
        var pre: RGBA8 { image[50, 48] }
        var pre2: RGBA8 { image[50, 62] }
        var diagnostics: [String] { timeline.diagnostics.map(\.message) }
    }

    func render(_ overrides: [(String, RGBA8)]) throws -> Probe {
        let options = OpenOptions(colorOverrides: overrides.map { ColorOverride(keypath: $0.0, color: $0.1) })
        let t = try open(Self.document, options: options)
        return Probe(timeline: t, image: try t.render(frame: 0, size: PixelSize(100, 100)))
    }

    @Test func withoutOverridesTheFileColoursShow() throws {
        let p = try render([])
        #expect(p.bell == Self.red && p.badge == Self.green && p.ring == Self.blue)
        #expect(p.pre == Self.yellow && p.pre2 == Self.yellow)
        #expect(p.gradientStart.r > 240 && p.gradientStart.b < 15 && p.gradientStart.a > 245)
        #expect(p.gradientEnd.b > 100 && p.gradientEnd.r < 15 && p.gradientEnd.a < 140)
        #expect(p.diagnostics.isEmpty)
    }

    @Test func doubleStarMatchesEveryItemOfThatName() throws {
        let p = try render([("**.Fill 1", Self.white)])
        #expect(p.bell == Self.white && p.badge == Self.white)
        #expect(p.pre == Self.white && p.pre2 == Self.white)   // inside both uses of the precomp
        #expect(p.ring == Self.blue)                           // a stroke, not "Fill 1"
        #expect(p.gradientStart.r > 240 && p.gradientStart.g < 15)
        #expect(p.diagnostics.isEmpty)
    }

    @Test func singleStarMatchesExactlyOneName() throws {
        let p = try render([("Bell.*.Fill 1", Self.white), ("*.Fill 1", Self.black)])
        #expect(p.bell == Self.white)   // Bell.Body.Fill 1: one name between
        #expect(p.badge == Self.black)  // Badge.Fill 1
        #expect(p.pre == Self.yellow)   // Pre.Inner.Fill 1 is three names deep
        let none = try render([("Bell.Fill 1", Self.white), ("Bell.*.*.Fill 1", Self.white)])
        #expect(none.bell == Self.red)
        #expect(none.diagnostics == ["colour override 'Bell.Fill 1' matches no fill, stroke or gradient",
                                     "colour override 'Bell.*.*.Fill 1' matches no fill, stroke or gradient"])
    }

    @Test func aLayerOrGroupRecoloursEverythingUnderIt() throws {
        let p = try render([("Ring", Self.white), ("Bell.Body", Self.black), ("Pre", Self.green)])
        #expect(p.ring == Self.white)
        #expect(p.bell == Self.black)
        #expect(p.pre == Self.green && p.pre2 == Self.yellow)  // only the first use of the precomp
        #expect(p.badge == Self.green)
        #expect(p.diagnostics.isEmpty)
    }

    @Test func precompContentByItsFullKeypath() throws {
        let p = try render([("Pre2.Inner.Fill 1", Self.black), ("**.Pre.**.Fill 1", Self.white)])
        #expect(p.pre == Self.white && p.pre2 == Self.black)
        #expect(p.bell == Self.red)
    }

    @Test func gradientStopsAreRecolouredKeepingTheirOpacity() throws {
        let base = try render([])
        let p = try render([("Grad.Gradient 1", Self.white)])
        #expect(p.gradientStart == Self.white)
        // White, at the gradient's own opacity near its end (about 0.5 there).
        let end = p.gradientEnd.unpremultiplied
        #expect(end.r > 250 && end.g > 250 && end.b > 250)
        #expect(p.gradientEnd.a == base.gradientEnd.a && p.gradientEnd.a > 120 && p.gradientEnd.a < 145)
        #expect(p.bell == Self.red)
    }

    @Test func overrideAlphaMultipliesTheItemsOpacity() throws {
        let base = try render([])
        let p = try render([("Badge.Fill 1", RGBA8(0, 0, 255, 128)), ("Grad", RGBA8(255, 255, 255, 128))])
        let badge = p.badge.unpremultiplied
        #expect(abs(Int(p.badge.a) - 128) <= 1)
        #expect(badge.b > 250 && badge.r < 5 && badge.g < 5)
        #expect(abs(Int(p.gradientStart.a) - 128) <= 2)
        #expect(abs(Double(p.gradientEnd.a) - Double(base.gradientEnd.a) * 128 / 255) <= 2)
    }

    @Test func theLastMatchingOverrideWinsAndColorPropertyFormMatches() throws {
        let p = try render([("**.Fill 1", Self.white), ("Bell.**", Self.black), ("**.Stroke 1.Color", Self.yellow),
                            ("Grad.*.Colors", Self.green)])
        #expect(p.bell == Self.black && p.badge == Self.white)
        #expect(p.ring == Self.yellow)
        #expect(p.gradientStart == Self.green)
        #expect(p.diagnostics.isEmpty)
    }

    @Test func overridesMatchingNothingAreDiagnosed() throws {
        let p = try render([("Nope.**", Self.white), ("**.Fill 1", Self.white), ("Bell.Body.Fill 1.Size", Self.white)])
        #expect(p.diagnostics == ["colour override 'Nope.**' matches no fill, stroke or gradient",
                                  "colour override 'Bell.Body.Fill 1.Size' matches no fill, stroke or gradient"])
        #expect(p.bell == Self.white)
    }

    @Test func animatedColoursAndOpacityAreOverridden() throws {
        let layer = """
        {"ty":4,"nm":"L","ip":0,"op":10,"st":0,"ks":{},"shapes":[\(#"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#),
          {"ty":"fl","nm":"F","c":{"a":1,"k":[{"t":0,"s":[1,0,0,1]},{"t":10,"s":[0,1,0,1]}]},
           "o":{"a":1,"k":[{"t":0,"s":[100]},{"t":10,"s":[0]}]}}]}
        """
        let options = OpenOptions(colorOverrides: [ColorOverride(keypath: "L.F", color: RGBA8(0, 0, 255, 255))])
        let t = try open(lottie(layers: layer), options: options)
        let p = try t.render(frame: 5, size: PixelSize(100, 100))[50, 50]
        #expect(abs(Int(p.a) - 128) <= 2)           // the file's opacity animation still plays
        #expect(p.r == 0 && p.g == 0 && p.b == p.a)  // blue, premultiplied
    }

    @Test func reparsedPrecompsDoNotRepeatTheirNotes() throws {
        // The precomp holds a text layer (a diagnostic); overrides reaching into it parse it again.
        let doc = lottie(layers: #"{"ty":0,"nm":"P","refId":"c","w":100,"h":100,"ip":0,"op":10,"st":0,"ks":{}}"#, extra: #","assets":[{"id":"c","layers":[{"ty":5,"nm":"T","ip":0,"op":10,"st":0,"ks":{}},{"ty":4,"nm":"S","ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"fl","nm":"F"}]}]}]"#)
        let plain = try open(doc).diagnostics.map(\.message)
        let options = OpenOptions(colorOverrides: [ColorOverride(keypath: "P.S.F", color: .white)])
        #expect(try open(doc, options: options).diagnostics.map(\.message) == plain)
        #expect(plain.count == 1)
    }

    @Test func solidLayersAreRecoloured() throws {
        let solid = ##"{"ty":1,"nm":"Bg","sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":10,"st":0,"ks":{}}"##
        let options = OpenOptions(colorOverrides: [ColorOverride(keypath: "*", color: RGBA8(255, 255, 255, 128))])
        let p = try open(lottie(layers: solid), options: options).render(frame: 0, size: PixelSize(100, 100))[50, 50]
        #expect(p.unpremultiplied.r > 250 && p.unpremultiplied.g > 250 && abs(Int(p.a) - 128) <= 1)
    }

    @Test func theSampleBadgeDarkColours() throws {
        let bytes = try InputFile.read(LottieCorpus.repo.appendingPathComponent("sample-animations/badge.json").path, limits: .standard)
        let overrides = [ColorOverride(keypath: "bell.**.bell fill", color: RGBA8(0xf2, 0xf2, 0xf7, 255)),
                         ColorOverride(keypath: "badge.dot.dot ring", color: RGBA8(0x16, 0x16, 0x17, 255))]
        let light = try open(bytes), dark = try open(bytes, options: OpenOptions(colorOverrides: overrides))
        #expect(dark.diagnostics.filter { $0.message.contains("colour override") }.isEmpty)
        let a = try light.render(frame: 0, size: PixelSize(81, 81)), b = try dark.render(frame: 0, size: PixelSize(81, 81))
        #expect(a[40, 46] == RGBA8(107, 120, 140, 255))    // the bell body: [0.42, 0.47, 0.55] in the file
        #expect(b[40, 46] == RGBA8(0xf2, 0xf2, 0xf7, 255))
    }

    /// The incremental matcher the parser uses agrees with `ColorOverride.matches` on every prefix.
    @Test func incrementalMatcherAgreesWithMatches() {
        let patterns = ["**", "*", "a", "a.*", "a.**", "**.c", "a.**.c", "*.b.*", "**.b.**", "a.*.**.d", "**.**.c", "x.**"]
        let paths: [[String]] = [["a"], ["a", "b"], ["a", "b", "c"], ["a", "c"], ["b", "c"], ["a", "b", "c", "d"],
                                 ["a", "x", "b", "y", "d"], ["c"], ["x"], ["b"]]
        for pattern in patterns {
            let o = ColorOverride(keypath: pattern, color: .black)
            let matcher = OverrideMatcher([o])
            for path in paths {
                var state = matcher.initial
                var matchedSoFar = false
                for (i, name) in path.enumerated() {
                    state = matcher.descend(state, name)
                    matchedSoFar = matchedSoFar || o.matches(Array(path[...i]))
                    // `inherited` holds the override once this node or an ancestor matches.
                    #expect(state.inherited.contains(0) == matchedSoFar, "\(pattern) at \(path[...i])")
                }
            }
        }
    }
}

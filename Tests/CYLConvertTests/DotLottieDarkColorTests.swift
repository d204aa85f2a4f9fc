import CYLDocuments
import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation
import Testing

/// `.lottie` output with dark colours: the `dark` theme drawn equals the source drawn with the
/// overrides, frame for frame and byte for byte; without the theme it equals the source.
@Suite struct DotLottieDarkColorTests {
    /// A 100x100, 10-frame icon (the layout of the Lottie back-end's colour override tests):
    /// - `Bell.Body.Fill 1`: a square whose fill animates red to blue, inside the group `Body`
    /// - `Badge.Fill 1`: a green square at opacity 80
    /// - `Ring.Stroke 1`: a blue outline, no opacity property (the default 100)
    /// - `Grad.Gradient 1`: a gradient with opacity stops at its colour stops' offsets
    /// - `Pre` and `Pre2`: the same precomp (`Inner.Fill 1`, yellow) drawn twice
    static let document: String = {
        func rect(_ x: Int, _ y: Int, _ w: Int) -> String {
            #"{"ty":"rc","p":{"a":0,"k":[\#(x),\#(y)]},"s":{"a":0,"k":[\#(w),\#(w)]},"r":{"a":0,"k":0}}"#
        }
        func layer(_ name: String, _ shapes: String) -> String {
            #"{"ty":4,"nm":"\#(name)","ip":0,"op":10,"st":0,"ks":{},"shapes":[\#(shapes)]}"#
        }
        let animated = #"{"a":1,"k":[{"t":0,"s":[1,0,0,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":9,"s":[0,0,1,1]}]}"#
        let layers = [
            layer("Bell", #"{"ty":"gr","nm":"Body","it":[\#(rect(25, 25, 30)),{"ty":"fl","nm":"Fill 1","c":\#(animated),"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#),
            layer("Badge", rect(75, 25, 30) + #",{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":80}}"#),
            layer("Ring", rect(25, 75, 30) + #",{"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,0,1,1]},"w":{"a":0,"k":4},"lc":1,"lj":1}"#),
            layer("Grad", rect(75, 75, 30) + #",{"ty":"gf","nm":"Gradient 1","o":{"a":0,"k":100},"t":1,"s":{"a":0,"k":[60,75]},"e":{"a":0,"k":[90,75]},"g":{"p":3,"k":{"a":0,"k":[0,1,0,0,0.1,1,0,0,1,0,0,1,0,1,0.1,1,1,0.5]}}}"#),
            #"{"ty":0,"nm":"Pre","refId":"comp1","w":100,"h":100,"ip":0,"op":10,"st":0,"ks":{}}"#,
            #"{"ty":0,"nm":"Pre2","refId":"comp1","w":100,"h":100,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[0,10]}}}"#,
        ]
        let inner = layer("Inner", rect(50, 50, 10) + #",{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}"#)
        return #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":100,"h":100,"assets":[{"id":"comp1","layers":[\#(inner)]}],"layers":[\#(layers.joined(separator: ","))]}"#
    }()

    static func overrides(_ pairs: [(String, String)]) -> [ColorOverride] {
        pairs.map { ColorOverride(keypath: $0.0, color: RGBA8(parsing: $0.1)!) }
    }

    static func frames(_ t: FrameTimeline) throws -> [Pixmap] {
        try (0..<t.frameCount).map { try t.render(frame: $0, size: PixelSize(100, 100)) }
    }

    /// Writes `document` with `dark` as a .lottie; returns the source drawn light and dark and the
    /// written file drawn without and with its theme.
    static func roundTrip(_ document: String, dark: [ColorOverride], in dir: Scratch) throws -> (light: [Pixmap], dark: [Pixmap], plain: [Pixmap], themed: [Pixmap], file: DotLottieFile) {
        try dir.write("icon.json", Array(document.utf8))
        let input = dir.path + "/icon.json", output = dir.path + "/icon.lottie"
        let source = try AnimatorRegistry.standard.timeline(forPath: input)
        var request = ConvertRequest(format: .lottie, destination: .file(output))
        request.darkColors = dark
        _ = try source.convert(request)
        let darkSource = try AnimatorRegistry.standard.timeline(forPath: input, options: OpenOptions(colorOverrides: dark))
        let plain = try AnimatorRegistry.standard.timeline(forPath: output)
        let themed = try AnimatorRegistry.standard.timeline(forPath: output, options: OpenOptions(theme: "dark"))
        #expect(themed.diagnostics.isEmpty && plain.diagnostics.isEmpty, "\(themed.diagnostics) \(plain.diagnostics)")
        let file = try DotLottieFile(bytes: try dir.read("icon.lottie"), name: "icon.lottie", maxEntryBytes: 1 << 24)
        return (try frames(source), try frames(darkSource), try frames(plain), try frames(themed), file)
    }

    @Test func theDarkThemeDrawsWhatTheDarkColoursDraw() throws {
        let dark = Self.overrides([("Bell.Body", "#112233"), ("Badge.Fill 1", "#ffffff80"), ("Ring.Stroke 1.Color", "#ff8000c0"),
                                   ("Grad.Gradient 1", "#00ff00"), ("**.Inner.Fill 1", "#ff00ff")])
        let dir = try Scratch()
        let r = try Self.roundTrip(Self.document, dark: dark, in: dir)
        #expect(r.light.count == 10)
        #expect(r.light != r.dark, "the overrides change the drawing (else the test proves nothing)")
        for f in r.light.indices {
            #expect(r.plain[f] == r.light[f], "frame \(f) without the theme")
            #expect(r.themed[f] == r.dark[f], "frame \(f) with theme dark")
        }
        #expect(r.file.themeIDs == ["dark"])
        // One Color or Gradient rule per recoloured item (5: the precomp's fill once), and a Scalar
        // rule for each of the two translucent ones (Badge, Ring).
        let theme = try JSONDocument.parse(try r.file.themeJSON(id: "dark"), name: "t")
        let types = theme["rules"]?.asArray?.compactMap { $0["type"]?.asString } ?? []
        #expect(types.sorted() == ["Color", "Color", "Color", "Color", "Gradient", "Scalar", "Scalar"], "\(types)")
        // Badge's opacity 80 x 0x80/255.
        let badge = theme["rules"]?.asArray?.first { $0["id"]?.asString?.contains("layers[1].shapes[1].o") == true }
        #expect(badge?["value"]?.asDouble == 80 * (128.0 / 255))
    }

    @Test func aPrecompRecolouredTwoWaysIsAnError() throws {
        let dir = try Scratch()
        let error = #expect(throws: OpenError.self) {
            _ = try Self.roundTrip(Self.document, dark: Self.overrides([("Pre.Inner.Fill 1", "#ff00ff")]), in: dir)
        }
        #expect(error?.description.contains("assets[0].layers[0].shapes[1]: dark colours: this item is in a precomp drawn at two places") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/icon.lottie"))
    }

    @Test func aKeypathMatchingNothingIsAnError() throws {
        let dir = try Scratch()
        let error = #expect(throws: OpenError.self) {
            _ = try Self.roundTrip(Self.document, dark: Self.overrides([("Nothing.Here", "#ff00ff")]), in: dir)
        }
        #expect(error?.message.contains("no keypath (Nothing.Here) matches") == true, "\(String(describing: error))")
    }
}

import CYLDocuments
import CYLTabBarItemAnimation
import Foundation
import Testing

/// `.lottie` output with a dark variant file: each differing animatable value becomes a slot and
/// a rule of theme `dark`; the file drawn with the theme equals the dark file drawn, frame by
/// frame and byte for byte, and without it equals the light file.
@Suite struct DotLottieDarkVariantTests {
    static func replacing(_ text: String, _ pairs: [(String, String)]) -> String {
        var out = text
        for (a, b) in pairs {
            precondition(out.components(separatedBy: a).count == 2, "\(a) is not unique in the document")
            out = out.replacingOccurrences(of: a, with: b)
        }
        return out
    }

    /// The colour override tests' icon, and its dark variant with one change of each kind:
    /// a fixed colour (Color), animated colour keyframes (Color keyframes), an opacity and a
    /// stroke width (Scalar), a precomp layer's position (Position), a rectangle's size (Vector),
    /// gradient stops (Gradient).
    static let light = DotLottieDarkColorTests.document
    static let dark = replacing(light, [
        (#""c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":80}"#, #""c":{"a":0,"k":[0.2,0.3,0.4,1]},"o":{"a":0,"k":50}"#),
        (#"{"t":9,"s":[0,0,1,1]}"#, #"{"t":9,"s":[1,1,1,1]}"#),
        (#""w":{"a":0,"k":4}"#, #""w":{"a":0,"k":7}"#),
        (#""ks":{"p":{"a":0,"k":[0,10]}}"#, #""ks":{"p":{"a":0,"k":[5,12]}}"#),
        (#""p":{"a":0,"k":[25,75]},"s":{"a":0,"k":[30,30]}"#, #""p":{"a":0,"k":[25,75]},"s":{"a":0,"k":[20,24]}"#),
        ("[0,1,0,0,0.1,1,0,0,1,0,0,1,0,1,0.1,1,1,0.5]", "[0,0,1,0,0.5,0,1,1,1,1,1,0,0,1,0.5,0.5,1,1]"),
        (#""e":{"a":0,"k":[90,75]}"#, #""e":{"a":0,"k":[80,70]}"#),
    ])

    static func frames(_ t: FrameTimeline) throws -> [Pixmap] {
        try (0..<t.frameCount).map { try t.render(frame: $0, size: PixelSize(100, 100)) }
    }

    static func write(_ dir: Scratch, light: String, dark: String) throws -> ConvertRequest {
        try dir.write("icon.json", Array(light.utf8))
        try dir.write("icon_dark.json", Array(dark.utf8))
        var request = ConvertRequest(format: .lottie, destination: .file(dir.path + "/icon.lottie"))
        request.darkVariant = dir.path + "/icon_dark.json"
        return request
    }

    @Test func theDarkThemeDrawsWhatTheDarkFileDraws() throws {
        let dir = try Scratch()
        let request = try Self.write(dir, light: Self.light, dark: Self.dark)
        let light = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon.json")
        _ = try light.convert(request)
        let dark = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon_dark.json")
        let plain = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon.lottie")
        let themed = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon.lottie", options: OpenOptions(theme: "dark"))
        #expect(themed.diagnostics.isEmpty && plain.diagnostics.isEmpty, "\(themed.diagnostics) \(plain.diagnostics)")
        let (l, d, p, t) = (try Self.frames(light), try Self.frames(dark), try Self.frames(plain), try Self.frames(themed))
        #expect(l.count == 10 && l != d)
        for f in l.indices {
            #expect(p[f] == l[f], "frame \(f) without the theme")
            #expect(t[f] == d[f], "frame \(f) with theme dark")
        }
        let file = try DotLottieFile(bytes: try dir.read("icon.lottie"), name: "icon.lottie", maxEntryBytes: 1 << 24)
        let theme = try JSONDocument.parse(try file.themeJSON(id: "dark"), name: "t")
        let types = theme["rules"]?.asArray?.compactMap { $0["type"]?.asString } ?? []
        // Badge colour, Bell keyframes (Color x2); Badge opacity, Ring width (Scalar x2); Pre2's
        // position; the ring's rectangle size and the gradient's end point (Vector); the stops.
        #expect(types.sorted() == ["Color", "Color", "Gradient", "Position", "Scalar", "Scalar", "Vector", "Vector"], "\(types)")
    }

    @Test func aStructuralDifferenceIsAnErrorNamingBothFilesAndThePlace() throws {
        let dir = try Scratch()
        let fewer = Self.replacing(Self.light, [(#",{"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,0,1,1]},"w":{"a":0,"k":4},"lc":1,"lj":1}"#, "")])
        let request = try Self.write(dir, light: Self.light, dark: fewer)
        let light = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon.json")
        let error = #expect(throws: OpenError.self) { _ = try light.convert(request) }
        let text = error?.description ?? ""
        #expect(text.hasPrefix(dir.path + "/icon.json:layers[2].shapes: "), "\(text)")
        #expect(text.contains("2 items here and 1 in the dark variant \(dir.path)/icon_dark.json"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/icon.lottie"))
    }

    @Test func aDifferentTypeIsAnError() throws {
        let dir = try Scratch()
        let other = Self.replacing(Self.light, [(#"{"ty":"st","nm":"Stroke 1""#, #"{"ty":"fl","nm":"Stroke 1""#)])
        let request = try Self.write(dir, light: Self.light, dark: other)
        let error = #expect(throws: OpenError.self) {
            _ = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/icon.json").convert(request)
        }
        #expect(error?.description.contains("layers[2].shapes[1]: the type \"ty\" is \"st\" here and \"fl\" in the dark variant") == true, "\(String(describing: error))")
    }
}

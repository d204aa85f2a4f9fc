import CYLDocuments
import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation
import Testing

/// `.lottie` output: a dotLottie version 2 file whose every frame draws exactly what the source
/// draws (the document is written back unchanged but for its image assets, which move to `i/`).
@Suite struct DotLottieOutputTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Every frame of `a` and `b` at the source's canvas size, compared byte for byte.
    static func expectSameFrames(_ a: FrameTimeline, _ b: FrameTimeline, _ label: String) throws {
        #expect(a.frameCount == b.frameCount, "\(label): frame counts")
        #expect(a.canvasSize == b.canvasSize, "\(label): canvas")
        var differing: [Int] = []
        for f in 0..<min(a.frameCount, b.frameCount) {
            if try a.render(frame: f, size: a.canvasSize) != b.render(frame: f, size: a.canvasSize) { differing.append(f) }
        }
        #expect(differing.isEmpty, "\(label): frames \(differing) differ")
    }

    /// Converts `input` to `<scratch>/out.lottie` and opens what was written.
    static func roundTrip(_ input: String, in dir: Scratch, darkColors: [ColorOverride] = []) throws -> (source: FrameTimeline, written: FrameTimeline, file: DotLottieFile) {
        let source = try AnimatorRegistry.standard.timeline(forPath: input)
        var request = ConvertRequest(format: try OutputFormat.forOutput(dir.path + "/out.lottie"), destination: .file(dir.path + "/out.lottie"))
        request.darkColors = darkColors
        let result = try source.convert(request)
        #expect(result.format == .lottie && result.paths == [dir.path + "/out.lottie"])
        let bytes = try dir.read("out.lottie")
        #expect(result.byteCount == bytes.count)
        let written = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/out.lottie")
        #expect(written.format == "dotLottie")
        return (source, written, try DotLottieFile(bytes: bytes, name: "out.lottie", maxEntryBytes: 1 << 26))
    }

    @Test(arguments: ["badge.json", "checkmark.json", "heart-mask.json", "photo-tab/photo-tab.json", "star.lottie"])
    func everyFrameOfTheWrittenFileEqualsTheSource(sample: String) throws {
        let dir = try Scratch()
        let (source, written, file) = try Self.roundTrip("\(Self.repo)/sample-animations/\(sample)", in: dir)
        try Self.expectSameFrames(source, written, sample)
        // The manifest is version 2 and names the animation after its file.
        let manifest = try JSONDocument.parse(try file.archive.read(named: "manifest.json", maxBytes: 1 << 20), name: "manifest.json")
        #expect(manifest["version"]?.asString == "2")
        #expect(manifest["generator"]?.asString == "cylanim")
        #expect(file.animationIDs.count == 1)
        if sample.hasSuffix(".json") { #expect(file.animationIDs == [String(sample.split(separator: "/").last!.dropLast(5))]) }
        #expect(file.archive.entry(named: "a/\(file.animationIDs[0]).json") != nil)
        #expect((manifest["themes"] == nil) == sample.hasSuffix(".json"), "themes only where the input had them")
    }

    @Test func anImageFileMovesToTheArchive() throws {
        let dir = try Scratch()
        let (_, _, file) = try Self.roundTrip("\(Self.repo)/sample-animations/photo-tab/photo-tab.json", in: dir)
        // The asset names i/face.png the way dotlottie-js writes it, and the entry is the file's bytes.
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(Self.repo)/sample-animations/photo-tab/images/face.png")))
        #expect(try file.archive.read(named: "i/face.png", maxBytes: 1 << 24) == original)
        let json = try JSONDocument.parse(try file.animationJSON(), name: "a")
        let asset = json["assets"]?[0]
        #expect(asset?["u"]?.asString == "/i/" && asset?["p"]?.asString == "face.png" && asset?["e"]?.asDouble == 0)
        #expect(asset?["sid"]?.asString == "face")   // the rest of the asset is kept
    }

    /// A 4x4 animation drawing one embedded 2x2 image (`data:` URI) at the origin.
    static func embedded(_ png: [UInt8], mime: String = "image/png") -> [UInt8] {
        let uri = "data:\(mime);base64," + Data(png).base64EncodedString()
        return Array("""
        {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":4,"h":4,"assets":[{"id":"dot","w":2,"h":2,"u":"","p":"\(uri)","e":1},{"id":"dot2","w":2,"h":2,"u":"","p":"\(uri)","e":1}],
         "layers":[{"ty":2,"refId":"dot","ind":1,"ip":0,"op":2,"st":0,"ks":{}},{"ty":2,"refId":"dot2","ind":2,"ip":0,"op":2,"st":0,"ks":{"p":{"a":0,"k":[2,2]}}}]}
        """.utf8)
    }

    @Test func anEmbeddedImageMovesToTheArchiveOnce() throws {
        var image = try Pixmap(width: 2, height: 2)
        image.fill(RGBA8(0, 128, 255, 255).premultiplied)
        let png = try PNGCodec.encode(image)
        let dir = try Scratch()
        try dir.write("dot.json", Self.embedded(png))
        let (source, written, file) = try Self.roundTrip(dir.path + "/dot.json", in: dir)
        try Self.expectSameFrames(source, written, "dot.json")
        // Both assets hold the same bytes: one entry, named after the first asset, sniffed as PNG.
        #expect(file.archive.entries.map(\.name).filter { $0.hasPrefix("i/") } == ["i/dot.png"])
        #expect(try file.archive.read(named: "i/dot.png", maxBytes: 1 << 20) == png)
        let json = try JSONDocument.parse(try file.animationJSON(), name: "a")
        #expect(json["assets"]?[1]?["p"]?.asString == "dot.png")
        #expect(!String(decoding: try file.animationJSON(), as: UTF8.self).contains("data:"))
    }

    @Test func aMissingImageIsAnErrorNamingTheAsset() throws {
        let dir = try Scratch()
        try dir.write("lost.json", Array("""
        {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":4,"h":4,"assets":[{"id":"gone","w":2,"h":2,"u":"images/","p":"gone.png","e":0}],"layers":[]}
        """.utf8))
        let source = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/lost.json")
        let error = #expect(throws: OpenError.self) {
            try source.convert(ConvertRequest(format: .lottie, destination: .file(dir.path + "/out.lottie")))
        }
        #expect(error?.file == dir.path + "/lost.json")
        #expect(error?.description.hasPrefix(dir.path + "/lost.json:assets[0]: ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("image asset \"gone\"") == true)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out.lottie"))
    }

    @Test func onlyLottieInputsCanBeWrittenAsDotLottie() throws {
        let dir = try Scratch()
        let gif = "\(Self.repo)/sample-animations/spinner.gif"
        let t = try AnimatorRegistry.standard.timeline(forPath: gif)
        let error = #expect(throws: UsageError.self) {
            try t.convert(ConvertRequest(format: .lottie, destination: .file(dir.path + "/out.lottie")))
        }
        #expect(error?.message.contains("lottie output needs a Lottie input") == true)
    }

    @Test func rasterOptionsDoNotApply() throws {
        #expect(OutputFormat.inferred(from: "x.LOTTIE") == .lottie)
        #expect(OutputFormat.parse("lottie") == .lottie)
        var s = EncoderSettings()
        s.colors = 16
        #expect(throws: EncoderSettingsError(.colors, .notTaken(by: .lottie))) { try s.validate(for: .lottie) }
        #expect(EncoderSettingsError(.fps, .notTaken(by: .lottie)).explanation(naming: "'--fps'")
                == "a .lottie file carries the Lottie document itself, not pixels; '--fps' does not apply to it")
        #expect(!EncoderOption.size.formats.contains(.lottie))
    }

    /// A .lottie input keeps its themes: each draws in the written file as in the source.
    @Test func aDotLottieInputKeepsItsThemes() throws {
        let dir = try Scratch()
        let input = "\(Self.repo)/sample-animations/star.lottie"
        let (_, _, file) = try Self.roundTrip(input, in: dir)
        #expect(file.themeIDs == ["dark", "midnight"])
        for theme in file.themeIDs {
            let source = try AnimatorRegistry.standard.timeline(forPath: input, options: OpenOptions(theme: theme))
            let written = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/out.lottie", options: OpenOptions(theme: theme))
            try Self.expectSameFrames(source, written, "theme \(theme)")
        }
        // It has a "dark" theme already: dark colours would replace it, and are refused.
        let error = #expect(throws: OpenError.self) {
            _ = try Self.roundTrip(input, in: dir, darkColors: [ColorOverride(keypath: "**", color: RGBA8(0, 0, 0, 255))])
        }
        #expect(error?.message.contains("already has a theme \"dark\"") == true, "\(String(describing: error))")
    }

    /// A .lottie input keeps the state machines that play only the animation written: the
    /// written file plays as a tab exactly as the source does (rest, forward, back).
    @Test func aDotLottieInputKeepsItsStateMachines() throws {
        let dir = try Scratch()
        let input = "\(Self.repo)/sample-animations/toggle-star.lottie"
        let (_, _, file) = try Self.roundTrip(input, in: dir)
        #expect(file.stateMachineIDs == ["toggle"])
        let tab = OpenOptions(playsSelection: true)
        let source = try AnimatorRegistry.standard.timeline(forPath: input, options: tab)
        let written = try AnimatorRegistry.standard.timeline(forPath: dir.path + "/out.lottie", options: tab)
        #expect(source.deselectionStart == 24 && written.deselectionStart == 24)
        try Self.expectSameFrames(source, written, "toggle")
    }

    @Test func theSameInputWritesTheSameBytes() throws {
        let a = try Scratch(), b = try Scratch()
        _ = try Self.roundTrip("\(Self.repo)/sample-animations/badge.json", in: a)
        _ = try Self.roundTrip("\(Self.repo)/sample-animations/badge.json", in: b)
        #expect(try a.read("out.lottie") == b.read("out.lottie"))
    }
}

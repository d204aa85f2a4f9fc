@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// Slots: properties and image assets with `"sid"` take the root `slots` value; `--slot`
/// (`OpenOptions.slots`) overrides it; unknown ids are warnings.
@Suite struct SlotTests {
    /// A 40x40 red square filling the canvas whose colour is slot "tint" and opacity slot "fade".
    static func square(slots: String) -> [UInt8] {
        Array("""
        {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":40,"h":40,"slots":{\(slots)},
         "layers":[{"ty":4,"ind":1,"ip":0,"op":2,"st":0,"ks":{"o":{"a":0,"k":100,"sid":"fade"}},
          "shapes":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                    {"ty":"fl","c":{"a":0,"k":[1,0,0,1],"sid":"tint"},"o":{"a":0,"k":100}}]}]}
        """.utf8)
    }

    static let fileSlots = "\"tint\":{\"p\":{\"a\":0,\"k\":[0,0,1,1]}},\"fade\":{\"p\":{\"a\":0,\"k\":50}}"

    static func centre(_ bytes: [UInt8], _ slots: [SlotOverride] = []) throws -> (RGBA8, [Diagnostic]) {
        var options = OpenOptions()
        options.slots = slots
        let t = try LottieAnimator().timeline(fromJSON: bytes, name: "t.json", options: options)
        return (try t.render(frame: 0, size: PixelSize(40, 40))[20, 20], t.diagnostics)
    }

    @Test func fileSlotsGiveTheValues() throws {
        // Blue at opacity 50%: premultiplied blue 255 * 0.5 = 127.5, alpha the same; ±1 for rounding.
        let (c, notes) = try Self.centre(Self.square(slots: Self.fileSlots))
        #expect(c.r == 0 && c.g == 0 && abs(Int(c.b) - 128) <= 1 && abs(Int(c.a) - 128) <= 1, "\(c)")
        #expect(notes.isEmpty, "\(notes)")
    }

    @Test func commandLineOverridesTheFile() throws {
        let number = try SlotOverride.parse("fade=100")
        #expect(number.value == .number(100))
        let colour = try SlotOverride.parse("tint=#00ff00")
        #expect(colour.value == .color(RGBA8(0, 255, 0, 255)))
        let (c, notes) = try Self.centre(Self.square(slots: Self.fileSlots), [number, colour])
        #expect(c == RGBA8(0, 255, 0, 255))
        #expect(notes.isEmpty, "\(notes)")
        // JSON: a bare value for k, or a whole property object; the last --slot for an id wins.
        let json = try SlotOverride.parse("tint=[1,1,0,1]")
        let object = try SlotOverride.parse("fade={\"a\":0,\"k\":100}")
        #expect(try Self.centre(Self.square(slots: Self.fileSlots), [colour, json, object]).0 == RGBA8(255, 255, 0, 255))
    }

    @Test func unknownSlotsAreWarnings() throws {
        let (c, notes) = try Self.centre(Self.square(slots: "\"tint\":{\"p\":{\"a\":0,\"k\":[0,0,1,1]}}"),
                                         [try SlotOverride.parse("tnit=#00ff00")])
        // "fade" is named but undefined: the property's own 100 is used.
        #expect(c == RGBA8(0, 0, 255, 255))
        #expect(notes.contains { $0.message.contains("slot \"fade\"") && $0.feature == .slots }, "\(notes)")
        #expect(notes.contains { $0.message.contains("--slot tnit") && $0.message.contains("its slots: tint") }, "\(notes)")
    }

    @Test func badCommandLineValuesAreRefused() throws {
        for text in ["tint", "=1", "tint=", "tint=#12", "tint=#gggggg", "fade=inf"] {
            #expect(throws: SlotOverride.ParseError.self, "\(text)") { _ = try SlotOverride.parse(text) }
        }
        #expect(throws: LottieSlots.ValueError.self) { try LottieSlots.check(try SlotOverride.parse("tint=[1,0")) }
        #expect(try SlotOverride.parse("pic=images/a b.png").value == .file("images/a b.png"))
    }

    @Test func imageSlots() throws {
        let f = try ImageAssetTests.Folder()
        try f.write("images/red.png", ImageAssetTests.png(ImageAssetTests.red))
        try f.write("images/blue.png", ImageAssetTests.png(ImageAssetTests.blue))
        try f.write("icon.json", ImageAssetTests.document(asset: "\"u\":\"images/\",\"p\":\"red.png\",\"sid\":\"pic\"",
                                                          extra: ",\"slots\":{\"pic\":{\"p\":{\"u\":\"images/\",\"p\":\"blue.png\"}}}"))
        let path = f.path("icon.json")
        #expect(try ImageAssetTests.frame(ImageAssetTests.open(path))[15, 15] == ImageAssetTests.blue)
        // A file named on the command line is read as written, not below the JSON's folder.
        try f.write("elsewhere/green.png", ImageAssetTests.png(RGBA8(0, 255, 0, 255)))
        var options = OpenOptions()
        options.slots = [try SlotOverride.parse("pic=\(f.path("elsewhere/green.png"))")]
        let t = try ImageAssetTests.open(path, options)
        #expect(try ImageAssetTests.frame(t)[15, 15] == RGBA8(0, 255, 0, 255))
        #expect(t.inputs.contains(f.path("elsewhere/green.png")))
    }

    /// A text layer whose document is slot "title"; the text it draws, read from the model.
    static func title(_ slots: [SlotOverride]) throws -> String? {
        let doc = Array("""
        {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":100,"h":40,
         "slots":{"title":{"p":{"k":[{"t":0,"s":{"t":"From slot","f":"Sans","s":20,"fc":[0,0,0]}}]}}},
         "layers":[{"ty":5,"ind":1,"ip":0,"op":2,"st":0,"ks":{},
                    "t":{"d":{"sid":"title","k":[{"t":0,"s":{"t":"Own text","f":"Sans","s":20,"fc":[0,0,0]}}]}}}]}
        """.utf8)
        var options = OpenOptions()
        options.slots = slots
        guard case .text(let model) = try LottieDocument(bytes: doc, name: "t.json", options: options).model.root.layers[0].content else {
            return nil
        }
        return model.documents.keyframes.first?.document.text
    }

    @Test func textDocumentSlots() throws {
        #expect(try Self.title([]) == "From slot")
        // A JSON string replaces only the text; the document's font, size and colour stay.
        #expect(try Self.title([try SlotOverride.parse("title=\"Hi there\"")]) == "Hi there")
    }
}

import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation
import Testing
@testable import CYLPipeline

/// A pipeline input's `assets` (the folder a Lottie's image files are read from, as `--assets`)
/// and `slots` (`--slot` values): they reach the opened animation, and the build key follows
/// them, so changing a slot or an image in the assets folder rebuilds the icon and nothing else.
@Suite struct PipelineLottieOptionsTests {
    /// A 20x20 square whose colour is slot "tint" (red in the file).
    static let square = """
    {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":20,"h":20,
     "layers":[{"ty":4,"ind":1,"ip":0,"op":2,"st":0,"ks":{},
      "shapes":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
                {"ty":"fl","c":{"a":0,"k":[1,0,0,1],"sid":"tint"},"o":{"a":0,"k":100}}]}]}
    """

    static func pipeline(_ inputs: String) -> String {
        """
        { "inputs": [\(inputs)], "outputDirectory": "build",
          "outputs": [ { "format": "png-sequence", "size": 20, "scales": [1], "name": "{name}-%d.png" } ] }
        """
    }

    /// The centre pixel of frame 0 of output `name`.
    static func centre(_ dir: Scratch, _ name: String) throws -> RGBA8 {
        let bytes = try #require(dir.read("build/\(name)-0.png"))
        return try PNGCodec.decode(bytes, name: name)[10, 10]
    }

    @Test func assetsFolderAndSlotsReachTheIconAndItsBuildKey() throws {
        let dir = try Scratch()
        try dir.write("icons/pic.json", PipelineImageAssetTests.icon)
        try dir.write("icons/images/fill.png", PipelineImageAssetTests.png(255, 0, 0))
        try dir.write("art/images/fill.png", PipelineImageAssetTests.png(0, 255, 0))
        try dir.write("icons/square.json", Self.square)
        let pipeline = try dir.write("pipeline.json", Self.pipeline("""
        {"path": "icons/pic.json", "assets": "art"}, {"path": "icons/square.json", "slots": ["tint=#0000ff"]}
        """))
        var report = try build(pipeline)
        #expect(report.failures.isEmpty && report.count(.built) == 2)
        #expect(try Self.centre(dir, "pic") == RGBA8(0, 255, 0, 255))
        #expect(try Self.centre(dir, "square") == RGBA8(0, 0, 255, 255))
        let square = try #require(report.entries.first { $0.output == "square-%d.png" })
        #expect(square.settings.text.contains("\"slots\":[\"tint=#0000ffff\"]"), "\(square.settings.text)")
        // The image beside the JSON is not read: changing it rebuilds nothing. The one in the
        // assets folder is: changing it rebuilds that icon only.
        try dir.write("icons/images/fill.png", PipelineImageAssetTests.png(9, 9, 9))
        #expect(try build(pipeline).count(.upToDate) == 2)
        try dir.write("art/images/fill.png", PipelineImageAssetTests.png(0, 0, 255))
        report = try build(pipeline)
        #expect(report.count(.built) == 1 && report.count(.upToDate) == 1)
        #expect(try Self.centre(dir, "pic") == RGBA8(0, 0, 255, 255))
        // Another slot value is another output.
        try dir.write("pipeline.json", Self.pipeline("""
        {"path": "icons/pic.json", "assets": "art"}, {"path": "icons/square.json", "slots": ["tint=#00ff00"]}
        """))
        report = try build(pipeline)
        #expect(report.count(.built) == 1 && report.count(.upToDate) == 1)
        #expect(try Self.centre(dir, "square") == RGBA8(0, 255, 0, 255))
    }

    /// An image file as a slot value is read relative to the pipeline, and counts as an input.
    @Test func anImageSlotIsAFileOfTheInput() throws {
        let dir = try Scratch()
        let icon = """
        {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":20,"h":20,
         "assets":[{"id":"img","w":20,"h":20,"u":"images/","p":"fill.png","e":0,"sid":"photo"}],
         "layers":[{"ty":2,"refId":"img","ind":1,"ip":0,"op":2,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]}}}]}
        """
        try dir.write("icons/pic.json", icon)
        try dir.write("icons/images/fill.png", PipelineImageAssetTests.png(255, 0, 0))
        try dir.write("faces/blue.png", PipelineImageAssetTests.png(0, 0, 255))
        let pipeline = try dir.write("pipeline.json", Self.pipeline("{\"path\": \"icons/pic.json\", \"slots\": [\"photo=faces/blue.png\"]}"))
        #expect(try build(pipeline).count(.built) == 1)
        #expect(try Self.centre(dir, "pic") == RGBA8(0, 0, 255, 255))
        try dir.write("faces/blue.png", PipelineImageAssetTests.png(0, 255, 0))
        #expect(try build(pipeline).count(.built) == 1)
        #expect(try Self.centre(dir, "pic") == RGBA8(0, 255, 0, 255))
    }

    @Test(arguments: [
        ("{\"path\": \"a.json\", \"slots\": \"tint=#ff0000\"}", "expected an array of \"id=value\" strings"),
        ("{\"path\": \"a.json\", \"slots\": [\"tint\"]}", "expected 'id=value'"),
        ("{\"path\": \"a.json\", \"slots\": [\"tint=#ff00\"]}", "is not #rrggbb"),
        ("{\"path\": \"a.json\", \"assets\": \"\"}", "the assets folder is empty"),
        ("{\"tabBar\": \"t.json\", \"assets\": \"art\"}", "apply to animation files"),
    ])
    func badValuesAreErrorsNamingTheirPlace(_ input: String, _ message: String) throws {
        let dir = try Scratch()
        let path = try dir.write("pipeline.json", Self.pipeline(input))
        let error = #expect(throws: PipelineError.self) { try Pipeline.load(path: path) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        // The place: line:column and the key path of the value.
        #expect(error?.description.contains("pipeline.json:1:") == true && error?.description.contains("inputs[0].") == true,
                "\(error?.description ?? "")")
    }

    @Test func aMissingAssetsFolderOrSlotImageIsAnError() throws {
        let dir = try Scratch()
        try dir.write("icons/square.json", Self.square)
        for (input, message) in [("{\"path\": \"icons/square.json\", \"assets\": \"nowhere\"}", "no such assets folder 'nowhere'"),
                                 ("{\"path\": \"icons/square.json\", \"slots\": [\"tint=faces/none.png\"]}", "no such image file 'faces/none.png' for slot 'tint'")] {
            let path = try dir.write("pipeline.json", Self.pipeline(input))
            let error = #expect(throws: PipelineError.self) { try Pipeline.load(path: path).expandInputs(registry: .standard) }
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
    }
}

import CYLImageCodecs
import CYLTabBarItemAnimation
import Foundation
import Testing
@testable import CYLPipeline

/// A Lottie icon's image files count as its inputs in an incremental build: changing, deleting or
/// adding the image beside the JSON rebuilds the icon's outputs; nothing changed, nothing rebuilt.
@Suite struct PipelineImageAssetTests {
    static let icon = """
    {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":20,"h":20,
     "assets":[{"id":"img","w":20,"h":20,"u":"images/","p":"fill.png","e":0}],
     "layers":[{"ty":2,"refId":"img","ind":1,"ip":0,"op":2,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]}}}]}
    """
    static let pipeline = """
    { "inputs": ["icons/*.json"], "outputDirectory": "build",
      "outputs": [ { "format": "gif", "size": 20, "scales": [1], "name": "{name}.gif" } ] }
    """

    static func png(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> [UInt8] {
        try PNGCodec.encode(try Pixmap(width: 20, height: 20, straightRGBA: [UInt8]((0..<400).flatMap { _ in [r, g, b, 255] })))
    }

    @Test func changingTheImageRebuildsTheIcon() throws {
        let dir = try Scratch()
        try dir.write("icons/pic.json", Self.icon)
        try dir.write("icons/images/fill.png", Self.png(255, 0, 0))
        let pipeline = try dir.write("pipeline.json", Self.pipeline)
        #expect(try build(pipeline).count(.built) == 1)
        #expect(try build(pipeline).count(.upToDate) == 1)
        try dir.write("icons/images/fill.png", Self.png(0, 0, 255))
        #expect(try build(pipeline).count(.built) == 1)
        #expect(try build(pipeline).count(.upToDate) == 1)
        try FileManager.default.removeItem(atPath: dir.path + "/icons/images/fill.png")
        #expect(try build(pipeline).count(.built) == 1)
        try dir.write("icons/images/fill.png", Self.png(0, 0, 255))
        #expect(try build(pipeline).count(.built) == 1)
    }

    @Test func lottieListsItsImageFilesWithoutDecodingThem() throws {
        let dir = try Scratch()
        let json = try dir.write("icons/pic.json", Self.icon)
        // Listed even while missing, so that its arrival is noticed.
        #expect(AnimatorRegistry.standard.companionFiles(forPath: json) == [dir.path + "/icons/images/fill.png"])
        #expect(AnimatorRegistry.standard.companionFiles(forPath: Scratch.sample("spinner.gif")).isEmpty)
    }
}

import CYLDocuments
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// A minimal document around `layers` (and optional extra top-level members).
func lottie(w: Int = 100, h: Int = 100, ip: Double = 0, op: Double = 10, layers: String, extra: String = "") -> [UInt8] {
    Array("""
    {"v":"5.7.0","fr":30,"ip":\(ip),"op":\(op),"w":\(w),"h":\(h),"layers":[\(layers)]\(extra)}
    """.utf8)
}

let rectLayer = """
{"ty":4,"ind":1,"nm":"box","ip":0,"op":100,"st":0,"ks":{"p":{"a":0,"k":[50,50]}},
 "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[50,50]},"r":{"a":0,"k":0}},
           {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
"""

func open(_ bytes: [UInt8], options: OpenOptions = OpenOptions()) throws -> FrameTimeline {
    try LottieAnimator().timeline(fromJSON: bytes, name: "test.json", options: options)
}

@Suite struct SniffingTests {
    func probe(_ head: [UInt8]) -> ContentProbe { ContentProbe(path: "x", isDirectory: false, head: head, entries: []) }

    @Test func recognisesJSONAndGzip() {
        let a = LottieAnimator()
        #expect(a.canOpen(probe(Array("{\"v\":1}".utf8))))
        #expect(a.canOpen(probe(Array(" \n\t[1]".utf8))))
        #expect(a.canOpen(probe([0xEF, 0xBB, 0xBF] + Array("  {".utf8))))
        #expect(a.canOpen(probe([0x1F, 0x8B, 8, 0])))
        #expect(!a.canOpen(probe(Array("GIF89a".utf8))))
        #expect(!a.canOpen(probe([0x89, 0x50, 0x4E, 0x47])))
        #expect(!a.canOpen(probe([])))
        #expect(!a.canOpen(ContentProbe(path: "d", isDirectory: true, head: [], entries: [])))
    }

    @Test func opensGzipCompressedTGS() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cyl-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("a.json")
        try Data(lottie(layers: rectLayer)).write(to: json)
        let gz = Process()
        gz.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gz.arguments = ["-k", "-n", json.path]
        try gz.run(); gz.waitUntilExit()
        let tgs = dir.appendingPathComponent("a.tgs")
        try FileManager.default.moveItem(at: dir.appendingPathComponent("a.json.gz"), to: tgs)
        let probe = try ContentProbe.read(path: tgs.path)
        #expect(LottieAnimator().canOpen(probe))
        let t = try LottieAnimator().timeline(for: probe, options: OpenOptions())
        #expect(t.frameCount == 10)
        let p = try t.render(frame: 0, size: PixelSize(100, 100))
        #expect(p[50, 50] == RGBA8(255, 0, 0, 255))
    }
}

@Suite struct TimelineTests {
    @Test func framesFollowTheInAndOutPoints() throws {
        let t = try open(lottie(ip: 5, op: 35, layers: rectLayer, extra: #","markers":[{"tm":15,"cm":"tap","dr":10}]"#))
        #expect(t.frameCount == 30)
        #expect(t.timing == .fps(30))
        #expect(t.format == "Lottie")
        #expect(t.canvasSize == PixelSize(100, 100))
        #expect(t.markers == [Marker(name: "tap", startFrame: 10, durationFrames: 10)])
    }

    @Test func frameNIsCompositionFrameIpPlusN() throws {
        // The box is visible only in composition frames 12 ..< 14.
        let layer = rectLayer.replacingOccurrences(of: "\"ip\":0,\"op\":100", with: "\"ip\":12,\"op\":14")
        let t = try open(lottie(ip: 10, op: 20, layers: layer))
        #expect(try t.render(frame: 1, size: PixelSize(10, 10))[5, 5].a == 0)
        #expect(try t.render(frame: 2, size: PixelSize(10, 10))[5, 5].a == 255)
        #expect(try t.render(frame: 4, size: PixelSize(10, 10))[5, 5].a == 0)
    }

    @Test func fitsAndCentresTheComposition() throws {
        // 200x100 composition into 100x100: scale 0.5, 25 px transparent bands above and below.
        let full = """
        {"ty":1,"ind":1,"sc":"#00ff00","sw":200,"sh":100,"ip":0,"op":10,"st":0,"ks":{}}
        """
        let p = try open(lottie(w: 200, h: 100, layers: full)).render(frame: 0, size: PixelSize(100, 100))
        #expect(p[50, 10].a == 0)
        #expect(p[50, 30] == RGBA8(0, 255, 0, 255))
        #expect(p[50, 80].a == 0)
    }

    @Test func rendersARectangleExactly() throws {
        let p = try open(lottie(layers: rectLayer)).render(frame: 0, size: PixelSize(100, 100))
        #expect(p[25, 25] == RGBA8(255, 0, 0, 255))
        #expect(p[74, 74] == RGBA8(255, 0, 0, 255))
        #expect(p[24, 50].a == 0 && p[75, 50].a == 0)
    }
}

@Suite struct AnimationTests {
    @Test func easingCurves() {
        #expect(Easing.linear.value(0.3) == 0.3)
        let e = Easing(0.42, 0, 0.58, 1)   // ease-in-out
        #expect(abs(e.value(0.5) - 0.5) < 1e-4)
        #expect(e.value(0.25) < 0.25 && e.value(0.75) > 0.75)
    }

    @Test func oldAndNewKeyframeEncodingsAgree() throws {
        var parser = LottieParser(name: "t", limits: .standard)
        let old = try JSONDocument.parseElement(Array("""
        {"a":1,"k":[{"t":0,"s":[0,10],"e":[100,20],"i":{"x":[1,1],"y":[1,1]},"o":{"x":[0,0],"y":[0,0]}},{"t":10}]}
        """.utf8), name: "t")
        let new = try JSONDocument.parseElement(Array("""
        {"a":1,"k":[{"t":0,"s":[0,10],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[100,20]}]}
        """.utf8), name: "t")
        let a = try parser.parseVector(old), b = try parser.parseVector(new)
        for f in [-5.0, 0, 2.5, 5, 7.5, 10, 20] { #expect(a.value(at: f) == b.value(at: f)) }
        #expect(a.value(at: 5) == [50, 15])
        #expect(a.value(at: 20) == [100, 20])
    }

    @Test func holdAndPerDimensionEasing() throws {
        var parser = LottieParser(name: "t", limits: .standard)
        let el = try JSONDocument.parseElement(Array("""
        {"a":1,"k":[{"t":0,"s":[0,0],"h":1},{"t":10,"s":[10,10],"i":{"x":[1,0],"y":[1,1]},"o":{"x":[0,0],"y":[0,0]}},{"t":20,"s":[20,20]}]}
        """.utf8), name: "t")
        let p = try parser.parseVector(el)
        #expect(p.value(at: 9.9) == [0, 0])
        let v = p.value(at: 15)
        #expect(abs(v[0] - 15) < 1e-6)   // linear
        #expect(v[1] > 15)               // eased
    }

    @Test func colorsIn0To255AreScaled() throws {
        var parser = LottieParser(name: "t", limits: .standard)
        let el = try JSONDocument.parseElement(Array(#"{"a":0,"k":[255,128,0,255]}"#.utf8), name: "t")
        let c = try parser.color(el).value(at: 0)
        #expect(c[0] == 1 && abs(c[1] - 128.0 / 255) < 1e-9)
    }
}

@Suite struct ErrorAndDiagnosticTests {
    @Test func unknownThingsBecomeDiagnosticsWithPaths() throws {
        let layers = """
        {"ty":5,"ind":1,"nm":"text","ip":0,"op":10,"st":0,"ks":{}},
        {"ty":4,"ind":2,"ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":100,"x":"noSuchFunction(1, 2)"}},
         "shapes":[{"ty":"zz","nm":"zig"},{"ty":"xx"}],"ef":[{"ty":5,"nm":"Warp","mn":"ADBE Wave Warp","en":1}]},
        {"ty":42,"ind":3,"ip":0,"op":10,"st":0,"ks":{}}
        """
        let t = try open(lottie(layers: layers))
        let text = t.diagnostics.map(\.description)
        #expect(text.contains { $0.contains("layers[0]") && $0.contains("text layer without text data") })
        #expect(text.contains { $0.contains("layers[1].ks.o.x") && $0.contains("noSuchFunction") && $0.contains("keyframed value") })
        // Zig-zag is drawn now: nothing to say about it.
        #expect(!text.contains { $0.contains("layers[1].shapes[0]") })
        #expect(text.contains { $0.contains("layers[1].shapes[1].ty") && $0.contains("\"xx\"") })
        #expect(text.contains { $0.contains("layers[1].ef[0]") && $0.contains("ADBE Wave Warp") && $0.contains("not supported") })
        #expect(text.contains { $0.contains("layers[2].ty") })
        _ = try t.render(frame: 0, size: PixelSize(20, 20))
    }

    @Test func badDocumentsThrowWithLocations() {
        #expect(throws: LottieError.self) { try open(Array(#"{"w":100,"h":100,"fr":30,"ip":0,"op":10}"#.utf8)) }
        #expect(throws: LottieError.self) { try open(Array(#"[1,2]"#.utf8)) }
        #expect(throws: LottieError.self) { try open(lottie(ip: 10, op: 10, layers: "")) }
        #expect(throws: JSONError.self) { try open(Array(#"{"w":100,"#.utf8)) }
    }

    @Test func limitsAreEnforced() {
        var limits = Limits()
        limits.maxFrames = 5
        #expect(throws: LottieError.self) { try open(lottie(layers: rectLayer), options: OpenOptions(limits: limits)) }
        limits = Limits(); limits.maxJSONDepth = 4
        #expect(throws: JSONError.self) { try open(lottie(layers: rectLayer), options: OpenOptions(limits: limits)) }
        limits = Limits(); limits.maxPathPoints = 2
        #expect(throws: LottieError.self) {
            try open(lottie(layers: """
            {"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[1,0],[1,1]],"i":[],"o":[]}}}]}
            """), options: OpenOptions(limits: limits))
        }
    }

    @Test func precompCyclesAndDepthAreRejected() {
        let cyc = #","assets":[{"id":"a","layers":[{"ty":0,"refId":"b","ip":0,"op":10,"st":0,"ks":{}}]},{"id":"b","layers":[{"ty":0,"refId":"a","ip":0,"op":10,"st":0,"ks":{}}]}]"#
        let pre = #"{"ty":0,"refId":"a","ip":0,"op":10,"st":0,"ks":{}}"#
        #expect(throws: LottieError.self) { try open(lottie(layers: pre, extra: cyc)) }
        var chain: [String] = []
        for i in 0..<5 { chain.append(#"{"id":"p\#(i)","layers":[{"ty":0,"refId":"p\#(i + 1)","ip":0,"op":10,"st":0,"ks":{}}]}"#) }
        chain.append(#"{"id":"p5","layers":[]}"#)
        let deep = #","assets":["# + chain.joined(separator: ",") + "]"
        var limits = Limits(); limits.maxPrecompDepth = 3
        let top = #"{"ty":0,"refId":"p0","ip":0,"op":10,"st":0,"ks":{}}"#
        #expect(throws: LottieError.self) { try open(lottie(layers: top, extra: deep), options: OpenOptions(limits: limits)) }
        #expect(throws: Never.self) { try open(lottie(layers: top, extra: deep)) }
    }

    @Test func parentingCyclesAreRejected() {
        let layers = """
        {"ty":3,"ind":1,"parent":2,"ip":0,"op":10,"st":0,"ks":{}},{"ty":3,"ind":2,"parent":1,"ip":0,"op":10,"st":0,"ks":{}}
        """
        #expect(throws: LottieError.self) { try open(lottie(layers: layers)) }
    }
}

@Suite struct FeatureTests {
    func pixel(_ layers: String, _ x: Int, _ y: Int, frame: Int = 0, extra: String = "") throws -> RGBA8 {
        try open(lottie(layers: layers, extra: extra)).render(frame: frame, size: PixelSize(100, 100))[x, y]
    }

    @Test func trimPathsKeepPartOfAStroke() throws {
        let layer = """
        {"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
          {"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[10,50],[90,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
          {"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1},
          {"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}]}
        """
        #expect(try pixel(layer, 20, 50) == RGBA8(0, 0, 255, 255))
        #expect(try pixel(layer, 80, 50).a == 0)
    }

    @Test func subtractMaskAndAlphaMatte() throws {
        let masked = rectLayer.replacingOccurrences(of: "\"nm\":\"box\"", with: """
        "nm":"box","masksProperties":[{"mode":"s","inv":false,"o":{"a":0,"k":100},
          "pt":{"a":0,"k":{"c":true,"v":[[-50,-50],[0,-50],[0,50],[-50,50]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]
        """)
        #expect(try pixel(masked, 30, 50).a == 0)
        #expect(try pixel(masked, 70, 50) == RGBA8(255, 0, 0, 255))
        // Matte: a 20x20 square matte (td) above the 50x50 box (tt 1).
        let matte = """
        {"ty":4,"ind":1,"td":1,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[50,50]}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]},
        """ + rectLayer.replacingOccurrences(of: "\"ind\":1", with: "\"ind\":2,\"tt\":1")
        #expect(try pixel(matte, 50, 50) == RGBA8(255, 0, 0, 255))
        #expect(try pixel(matte, 30, 30).a == 0)
    }

    @Test func firstShapeIsOnTopAndGroupsTransform() throws {
        let layer = """
        {"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
          {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
                           {"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}},
                           {"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]},
          {"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}
        """
        #expect(try pixel(layer, 50, 50) == RGBA8(0, 255, 0, 255))
        #expect(try pixel(layer, 35, 50) == RGBA8(0, 255, 0, 255))   // the group is scaled 2x: 40 px wide
        #expect(try pixel(layer, 25, 50) == RGBA8(0, 0, 255, 255))
    }

    @Test func keypathsListLayersGroupsAndItems() throws {
        let keypaths = try LottieDocument.keypaths(contentsOf: lottie(layers: """
        {"ty":4,"nm":"icon","ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"gr","nm":"body","it":[{"ty":"fl","nm":"Fill 1"},{"ty":"tr"}]}]}
        """), name: "t")
        #expect(keypaths.map(\.keypath) == ["icon", "icon.body", "icon.body.Fill 1"])
        #expect(keypaths.last?.hasColor == true)
    }
}

@Suite struct SampleTests {
    static let samples = ["checkmark.json", "badge.json", "heart-mask.json"]

    @Test(arguments: samples) func sampleRendersWithoutWarnings(_ name: String) throws {
        let url = LottieCorpus.repo.appendingPathComponent("sample-animations/\(name)")
        let t = try open([UInt8](Data(contentsOf: url)))
        #expect(t.diagnostics.isEmpty, "\(t.diagnostics)")
        let last = try t.render(frame: t.frameCount - 1, size: PixelSize(64, 64))
        #expect(last.bytes.contains { $0 != 0 })
    }
}

@Suite struct CorpusLoadTests {
    @Test func everyCorpusFileLoadsAndRendersItsFirstAndLastFrames() throws {
        guard LottieCorpus.require() else { return }
        for entry in LottieCorpus.entries {
            let t = try open(try LottieCorpus.bytes(entry.file))
            _ = try t.render(frame: 0, size: PixelSize(32, 32))
            _ = try t.render(frame: t.frameCount - 1, size: PixelSize(32, 32))
            for d in t.diagnostics { #expect(!d.message.isEmpty) }
        }
    }
}

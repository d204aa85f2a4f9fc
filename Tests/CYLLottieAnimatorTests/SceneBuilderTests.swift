import CYLGeometry
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Foundation
import Testing

/// What a frame's display list holds, asserted without pixels, and the errors the scene's
/// references (mattes, parents) and budgets give.
@Suite struct SceneBuilderTests {
    func document(_ layers: String, op: Double = 10) throws -> LottieDocument {
        try LottieDocument(bytes: lottie(op: op, layers: layers), name: "test.json")
    }

    func shape(ind: Int, _ extra: String = "", color: String = "[1,0,0,1]") -> String {
        """
        {"ty":4,"ind":\(ind),"nm":"l\(ind)","ip":0,"op":100,"st":0\(extra),"ks":{"p":{"a":0,"k":[50,50]}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":\(color)},"o":{"a":0,"k":100}}]}
        """
    }

    @Test func layersBecomeGroupsInDrawingOrder() throws {
        let doc = try document(shape(ind: 1, color: "[1,0,0,1]") + "," + shape(ind: 2, color: "[0,0,1,1]"))
        let list = try doc.makeRenderer().displayList(frame: 0)
        // The last layer is drawn first (the first is on top).
        #expect(list.items.count == 4 && list.groups.count == 2)
        #expect(list.fills.map(\.paint) == [.solid(Color(0, 0, 1)), .solid(Color(1, 0, 0))])
        #expect(list.groups.allSatisfy { $0.transform == .translation(50, 50) && !$0.isIsolated })
    }

    @Test func aMatteIsTheGroupsMatteSourceAndIsNotDrawnOnItsOwn() throws {
        let doc = try document(shape(ind: 1, ",\"td\":1") + "," + shape(ind: 2, ",\"tt\":2"))
        let list = try doc.makeRenderer().displayList(frame: 0)
        #expect(list.groups.count == 2)
        let matted = list.groups[0]
        #expect(matted.matte == .alphaInverted)
        #expect(matted.children.count == 1 && matted.matteSource.count == 2)
        #expect(list.items[matted.matteSource.lowerBound] == .group(1))
    }

    @Test func aFadedSingleShapeLayerPutsItsOpacityInThePaint() throws {
        let doc = try document(shape(ind: 1).replacingOccurrences(of: "\"ks\":{", with: "\"ks\":{\"o\":{\"a\":0,\"k\":40},"))
        let list = try doc.makeRenderer().displayList(frame: 0)
        #expect(!list.groups[0].isIsolated)
        #expect(abs(list.fills[0].opacity - 0.4) < 1e-12)
    }

    @Test func layersOutsideTheirTimeAddNothing() throws {
        let doc = try document(shape(ind: 1).replacingOccurrences(of: "\"ip\":0,\"op\":100", with: "\"ip\":5,\"op\":100"))
        #expect(try doc.makeRenderer().displayList(frame: 2).items.isEmpty)
        #expect(try doc.makeRenderer().displayList(frame: 6).items.count == 2)
    }

    func openError(_ layers: String) -> String? {
        do { _ = try document(layers); return nil } catch { return "\(error)" }
    }

    @Test func aLayerThatIsItsOwnMatteIsAnError() {
        let message = openError(shape(ind: 1, ",\"tt\":1,\"tp\":1"))
        #expect(message?.contains("layers[0].tp") == true)
        #expect(message?.contains("its own track matte") == true)
    }

    @Test func mattesGatingEachOtherInACycleAreAnError() {
        let message = openError(shape(ind: 1, ",\"tt\":1,\"tp\":2") + "," + shape(ind: 2, ",\"tt\":1,\"tp\":1"))
        #expect(message?.contains("cycle") == true)
        #expect(message?.contains("layers[0].tp") == true)
    }

    @Test func aMatteNamingNoLayerIsAnError() {
        let message = openError(shape(ind: 1, ",\"tt\":1,\"tp\":9"))
        #expect(message?.contains("matte layer 9 does not exist") == true)
    }

    /// Thousands of chained mattes used to take minutes and gigabytes for one frame: each link is
    /// a layer alive at once. The chain is refused at open time, naming the limit to raise.
    @Test func longMatteChainsAreBounded() throws {
        // Layer k (from the top) is the matte of layer k + 1, which is matted by it in turn.
        func chain(_ n: Int) -> String {
            (1...n).map { shape(ind: $0, ($0 < n ? ",\"td\":1" : "") + ($0 > 1 ? ",\"tt\":1" : "")) }.joined(separator: ",")
        }
        let message = openError(chain(3000))
        #expect(message?.contains("Limits.maxPrecompDepth") == true)
        // Within the limit, a short chain draws: the bottom layer, gated by each link in turn.
        let list = try document(chain(4)).makeRenderer().displayList(frame: 0)
        #expect(list.groups.count == 4)
        #expect(list.groups.prefix(3).allSatisfy { $0.matte == .alpha } && list.groups[3].matte == nil)
    }

    /// Masks and mattes count against the draw budget, not only shapes.
    @Test func masksCountAgainstTheDrawBudget() throws {
        let mask = "{\"mode\":\"a\",\"pt\":{\"a\":0,\"k\":{\"c\":true,\"v\":[[0,0],[10,0],[10,10]],\"i\":[[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,0]]}},\"o\":{\"a\":0,\"k\":100}}"
        let masks = Array(repeating: mask, count: 50).joined(separator: ",")
        var options = OpenOptions()
        options.limits.maxDrawsPerFrame = 40
        let doc = try LottieDocument(bytes: lottie(layers: shape(ind: 1, ",\"masksProperties\":[\(masks)]")), name: "m.json",
                                     options: options)
        #expect(throws: RenderError.self) { _ = try doc.makeRenderer().displayList(frame: 3) }
        do { _ = try doc.makeRenderer().displayList(frame: 3) } catch let e as RenderError {
            #expect(e.frame == 3)  // the timeline frame asked for, whatever the composition's time
            #expect(e.message.contains("Limits.maxDrawsPerFrame"))
        }
    }

    /// `--max-path-points` counts points once curves are flattened: an ellipse has four vertices
    /// but flattens to far more than 50 points at 256 pixels.
    @Test func pathPointsAreCountedAfterFlattening() throws {
        let ellipse = """
        {"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{"p":{"a":0,"k":[50,50]}},
         "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80,80]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
        """
        var options = OpenOptions()
        options.limits.maxPathPoints = 50
        let t = try LottieAnimator().timeline(fromJSON: lottie(layers: ellipse), name: "e.json", options: options)
        do {
            _ = try t.render(frame: 2, size: PixelSize(256, 256))
            Issue.record("expected the flattened ellipse to exceed 50 points")
        } catch let e as RenderError {
            #expect(e.frame == 2 && e.message.contains("more than 50 points") && e.message.contains("Limits.maxPathPoints"))
        }
        options.limits.maxPathPoints = 5000
        let fine = try LottieAnimator().timeline(fromJSON: lottie(layers: ellipse), name: "e.json", options: options)
        #expect(try fine.render(frame: 2, size: PixelSize(256, 256))[128, 128] == RGBA8(255, 0, 0, 255))
    }

    /// An odd dash list repeats whole (SVG's stroke-dasharray rule): 4 0 5 is 4 0 5 4 0 5, so
    /// the second round its zero-length dash is a dot. (Repeating only the last value, 4 0 5 5,
    /// drew plain dashes where the players draw dash-dot: thorvg/stroke_dash.)
    @Test func anOddDashListRepeatsWhole() throws {
        let layer = """
        {"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                   {"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":2,
                    "d":[{"n":"d","v":{"a":0,"k":4}},{"n":"g","v":{"a":0,"k":0}},{"n":"d","v":{"a":0,"k":5}},{"n":"o","v":{"a":0,"k":1}}]}]}
        """
        let doc = try document(layer)
        // "d" here is the dash list, not a path direction: no note about it.
        #expect(!doc.diagnostics.contains { $0.location.hasSuffix(".d") })
        let list = try doc.makeRenderer().displayList(frame: 0)
        #expect(list.strokes.count == 1)
        #expect(list.strokes.first?.style.dashes == [4, 0, 5, 4, 0, 5])
        #expect(list.strokes.first?.style.dashOffset == 1)
    }

    /// The one rule that maps a precomp layer's time into its content (`LayerTime`; nested cases
    /// in LayerTimeTests).
    @Test func childTimeFollowsStartStretchAndRemap() throws {
        let doc = try document(shape(ind: 1))
        var layer = doc.model.root.layers[0]
        layer.startTime = 10
        layer.stretch = 2
        #expect(LayerTime.childTime(of: layer, at: 30, frameRate: 30) == 10)   // (30 - 10) / 2
        layer.timeRemap = .fixed([0.5])                                          // 0.5 s at 30 fps
        #expect(LayerTime.childTime(of: layer, at: 30, frameRate: 30) == 15)
        layer.outPoint = 15
        #expect(LayerTime.childTime(of: layer, at: 30, frameRate: 30) == 14)   // remapped onto the out point: the frame before
    }
}

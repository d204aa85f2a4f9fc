#if canImport(Glibc)
import Glibc
#endif
import CYLDocuments
@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Mask expansion (`x`) and feather (`f`), measured in pixels against analytic values: a white
/// 100x100 solid masked by a rectangle, rendered at 100x100 (one pixel per unit).
@Suite struct MaskFeatherTests {
    static func masked(_ a: Double, _ b: Double, extra: String) throws -> Pixmap {
        let layer = """
        {"ty":1,"sc":"#ffffff","sw":100,"sh":100,"ip":0,"op":10,"st":0,"ks":{},
         "masksProperties":[{"mode":"a","o":{"a":0,"k":100}\(extra),
          "pt":{"a":0,"k":{"c":true,"v":[[\(a),\(a)],[\(b),\(a)],[\(b),\(b)],[\(a),\(b)]],
                          "i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}
        """
        return try open(lottie(layers: layer)).render(frame: 0, size: PixelSize(100, 100))
    }

    /// Covered area in pixels: the sum of alpha.
    static func area(_ p: Pixmap) -> Double {
        var sum = 0
        for y in 0..<p.height { for x in 0..<p.width { sum += Int(p[x, y].a) } }
        return Double(sum) / 255
    }

    static func alpha(_ p: Pixmap, _ x: Int, _ y: Int) -> Double { Double(p[x, y].a) / 255 }

    /// The standard normal distribution function.
    static func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    @Test func expansionGrowsTheMaskByARoundedBorder() throws {
        // A 40x40 square grown by 5: the square, four 40x5 strips and four quarter discs of radius 5.
        let grown = Self.area(try Self.masked(30, 70, extra: #","x":{"a":0,"k":5}"#))
        let expected = 40.0 * 40 + 4 * 40 * 5 + Double.pi * 25
        // 1.5 px²: 8-bit coverage on the ~200 edge pixels (±0.5/255 each) and the flattened corner arcs.
        #expect(abs(grown - expected) < 1.5, "area \(grown), expected \(expected)")
        #expect(abs(Self.area(try Self.masked(30, 70, extra: "")) - 1600) < 1)
    }

    @Test func negativeExpansionShrinksTheMask() throws {
        // Shrunk by 5, the 40x40 square is a 30x30 square (inner corners stay sharp).
        let shrunk = Self.area(try Self.masked(30, 70, extra: #","x":{"a":0,"k":-5}"#))
        #expect(abs(shrunk - 900) < 1.5, "area \(shrunk)")
    }

    @Test func featherIsARampOfTheStatedWidthCentredOnTheEdge() throws {
        // Feather 8: a gaussian of σ = 2, so the coverage at a pixel centre d pixels inside the
        // edge x = 20 is Φ(d / 2): 2% at 4 px outside, 98% at 4 px inside, half at the edge.
        let p = try Self.masked(20, 80, extra: #","f":{"a":0,"k":[8,8]}"#)
        // 0.02: the kernel is sampled at whole pixels and each of two passes rounds to 8 bits.
        for x in 12...28 {
            let d = Double(x) + 0.5 - 20
            #expect(abs(Self.alpha(p, x, 50) - Self.phi(d / 2)) < 0.02, "x \(x): \(Self.alpha(p, x, 50)) vs \(Self.phi(d / 2))")
        }
        #expect(Self.alpha(p, 15, 50) < 0.03 && Self.alpha(p, 24, 50) > 0.97)
        #expect(Self.alpha(p, 50, 50) == 1)
        // Blurring moves coverage across the edge without creating or losing any: the area stays 60².
        #expect(abs(Self.area(p) - 3600) < 3)
    }

    @Test func featherAcrossOnlySoftensTheSideEdges() throws {
        let p = try Self.masked(20, 80, extra: #","f":{"a":0,"k":[8,0]}"#)
        // Down the middle column the top edge stays sharp...
        #expect(Self.alpha(p, 50, 19) == 0 && Self.alpha(p, 50, 20) == 1)
        // ...across the middle row the left edge is soft.
        #expect(abs(Self.alpha(p, 20, 50) - Self.phi(0.25)) < 0.02)
    }
}

/// Expressions read a mask's feather (`mask(…).maskFeather`), as they read its expansion.
@Suite struct MaskFeatherExpressionTests {
    @Test func maskFeatherIsTheMasksFeatherValue() throws {
        let x = TextEscaping.jsonString("var $bm_rt; $bm_rt = thisLayer.mask(1).maskFeather[1];")
        let layer = """
        {"ty":4,"ind":1,"nm":"A","ip":0,"op":10,"st":0,"ks":{"r":{"a":0,"k":0,"x":\(x)}},
         "masksProperties":[{"mode":"a","o":{"a":0,"k":100},"f":{"a":0,"k":[3,7]},
          "pt":{"a":0,"k":{"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}],
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
        """
        let doc = try LottieDocument(bytes: lottie(layers: layer), name: "x.json")
        let runtime = ExpressionRuntime(model: doc.model, limits: Limits(), disabled: doc.disabledExpressions)
        let resolved = runtime.resolve(doc.model.root, frame: 0).layers[0]
        // The rotation takes the feather's second component: 7 (it was always 0 before).
        #expect(resolved.transform.rotation.scalar(at: 0) == 7)
    }
}

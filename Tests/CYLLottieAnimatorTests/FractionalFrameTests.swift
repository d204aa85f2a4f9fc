@testable import CYLLottieAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Vector sources draw in-between times: `FrameSource.render(frameTime:)` and
/// `FrameTimeline.render(frameTime:size:)` on Lottie.
@Suite struct FractionalFrameTests {
    /// A 10x10 white square whose centre moves linearly from x = 10 at frame 0 to x = 90 at frame 10
    /// (8 px a frame), on a 100x20 composition.
    static let moving = lottie(w: 100, h: 20, layers: """
    {"ty":4,"nm":"mover","ip":0,"op":10,"st":0,
     "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[90,10]}]}},
     "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
               {"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}
    """)

    /// The coverage-weighted centre of row 10.
    func centreX(_ p: Pixmap) -> Double {
        var sum = 0.0, weight = 0.0
        for x in 0..<p.width {
            let a = Double(p[x, 10].a)
            sum += (Double(x) + 0.5) * a
            weight += a
        }
        return sum / weight
    }

    @Test func aLinearMoveIsAtTheMidpointHalfWayBetweenFrames() throws {
        let t = try open(Self.moving)
        #expect(t.source.supportsFractionalFrames)
        let size = PixelSize(100, 20)
        let x0 = centreX(try t.render(frame: 0, size: size)), x1 = centreX(try t.render(frame: 1, size: size))
        let half = centreX(try t.render(frameTime: 0.5, size: size))
        #expect(abs(x0 - 10) < 0.01 && abs(x1 - 18) < 0.01)
        #expect(abs(half - 14) < 0.01, "centre \(half) at t = 0.5")
        #expect(abs(centreX(try t.render(frameTime: 4.25, size: size)) - 44) < 0.01)
        // Between the last frame and the end, the layer is still there.
        #expect(abs(centreX(try t.render(frameTime: 9.5, size: size)) - 86) < 0.01)
    }

    @Test func wholeFrameTimesMatchWholeFrames() throws {
        let t = try open(Self.moving)
        for f in [0, 3, 9] {
            #expect(try t.render(frameTime: Double(f), size: PixelSize(50, 10)) == (try t.render(frame: f, size: PixelSize(50, 10))))
        }
    }

    @Test func frameTimesCountFromTheInPoint() throws {
        // The same move with ip = 20: timeline time 0.5 is composition frame 20.5.
        let shifted = lottie(w: 100, h: 20, ip: 20, op: 30, layers: """
        {"ty":4,"ip":0,"op":100,"st":0,
         "ks":{"p":{"a":1,"k":[{"t":20,"s":[10,10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[90,10]}]}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}
        """)
        let t = try open(shifted)
        #expect(abs(centreX(try t.render(frameTime: 0.5, size: PixelSize(100, 20))) - 14) < 0.01)
        var p = try Pixmap(width: 100, height: 20)
        try LottieDocument(bytes: shifted, name: "s").makeRenderer().render(frame: 0.5, into: &p)
        #expect(p == (try t.render(frameTime: 0.5, size: PixelSize(100, 20))))
    }
}

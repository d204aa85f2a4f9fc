#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLTestSupport
import CYLGeometry
@testable import CYLRaster

/// Scenes rendered and compared with `Tests/Goldens/` (see `Tests/Goldens/README.md` for what
/// each should look like). Tolerance 1 everywhere: sin/cos/exp from a different libm may move a
/// coverage or ramp value by one step; anything more is a real change.
@Suite struct GoldenTests {
    static let tolerance = 1

    func star(center c: Point, outer: Double, inner: Double, points n: Int = 5) -> Path {
        var pts: [Point] = []
        for i in 0..<(2 * n) {
            let a = -Double.pi / 2 + Double(i) * Double.pi / Double(n)
            let r = i % 2 == 0 ? outer : inner
            pts.append(Point(c.x + r * cos(a), c.y + r * sin(a)))
        }
        return .polygon(pts)
    }

    func canvas(_ w: Int = 128, _ h: Int = 128, _ bg: RGBA8 = .white) throws -> Pixmap {
        var p = try Pixmap(width: w, height: h)
        p.fill(bg)
        return p
    }

    @Test func star() throws {
        var pm = try canvas()
        let c = Canvas()
        let s = star(center: Point(64, 66), outer: 56, inner: 22)
        try c.fill(s, paint: .solid(Color(1, 0.78, 0.1)), into: &pm)
        try c.stroke(s, style: StrokeStyle(width: 4, join: .miter), paint: .solid(Color(0.55, 0.3, 0)), into: &pm)
        Golden.check("star", pm, tolerance: Self.tolerance)
    }

    @Test func ring() throws {
        var pm = try canvas()
        var ring = Path.circle(center: Point(64, 64), radius: 52)
        ring.append(.circle(center: Point(64, 64), radius: 30))
        try Canvas().fill(ring, paint: .solid(Color(0.1, 0.45, 0.9)), rule: .evenOdd, into: &pm)
        Golden.check("ring", pm, tolerance: Self.tolerance)
    }

    /// A bold lowercase "a"-like glyph: bowl and stem with a counter, all cubics, scaled and skewed.
    @Test func glyph() throws {
        var g = Path()
        // Outer contour (clockwise on screen).
        g.move(to: Point(62, 20))
        g.cubic(to: Point(96, 46), control1: Point(84, 20), control2: Point(96, 30))
        g.line(to: Point(96, 96)); g.line(to: Point(104, 108)); g.line(to: Point(80, 108))
        g.line(to: Point(76, 100))
        g.cubic(to: Point(46, 110), control1: Point(68, 107), control2: Point(58, 110))
        g.cubic(to: Point(20, 84), control1: Point(30, 110), control2: Point(20, 99))
        g.cubic(to: Point(74, 56), control1: Point(20, 62), control2: Point(50, 56))
        g.line(to: Point(76, 56)); g.line(to: Point(76, 48))
        g.cubic(to: Point(60, 34), control1: Point(76, 39), control2: Point(70, 34))
        g.cubic(to: Point(36, 46), control1: Point(48, 34), control2: Point(40, 38))
        g.line(to: Point(24, 40))
        g.cubic(to: Point(62, 20), control1: Point(32, 26), control2: Point(46, 20))
        g.close()
        // Counter (opposite direction).
        g.move(to: Point(76, 70))
        g.cubic(to: Point(40, 84), control1: Point(56, 70), control2: Point(40, 74))
        g.cubic(to: Point(52, 95), control1: Point(40, 91), control2: Point(45, 95))
        g.cubic(to: Point(76, 84), control1: Point(64, 95), control2: Point(76, 90))
        g.close()
        var pm = try canvas()
        let t = Transform.translation(-64, -64).then(Transform(a: 1, b: 0, c: -0.18, d: 1, tx: 0, ty: 0))
            .then(.scale(0.9, 0.9)).then(.translation(68, 62))
        try Canvas().fill(g, transform: t, paint: .solid(Color(0.1, 0.1, 0.12)), into: &pm)
        Golden.check("glyph", pm, tolerance: Self.tolerance)
    }

    @Test func dashedRoundJoinedPolyline() throws {
        var pm = try canvas()
        let pl = Path.polygon([Point(14, 100), Point(40, 24), Point(64, 90), Point(88, 30), Point(114, 104)], closed: false)
        let c = Canvas()
        try c.stroke(pl, style: StrokeStyle(width: 2), paint: .solid(Color(0.8, 0.8, 0.8)), into: &pm)
        try c.stroke(pl, style: StrokeStyle(width: 9, cap: .round, join: .round, dashes: [26, 12, 0.001, 12], dashOffset: 4),
                     paint: .solid(Color(0.85, 0.2, 0.35, 0.85)), into: &pm)
        Golden.check("dashed-polyline", pm, tolerance: Self.tolerance)
    }

    @Test func strokeCapsAndJoins() throws {
        var pm = try canvas(192, 128)
        let c = Canvas()
        let caps: [LineCap] = [.butt, .round, .square], joins: [LineJoin] = [.miter, .round, .bevel]
        for i in 0..<3 {
            let x = 20 + Double(i) * 60
            let v = Path.polygon([Point(x, 50), Point(x + 20, 14), Point(x + 40, 50)], closed: false)
            try c.stroke(v, style: StrokeStyle(width: 12, cap: caps[i], join: joins[i]), paint: .solid(Color(0.2, 0.3, 0.5)), into: &pm)
            try c.stroke(v, style: StrokeStyle(width: 1), paint: .solid(Color(1, 1, 1)), into: &pm)
        }
        // Non-uniform transform: the stroke is stretched like the path (After Effects behaviour).
        let circle = Path.circle(center: .zero, radius: 20)
        try c.stroke(circle, style: StrokeStyle(width: 4), transform: Transform.scale(3, 1).then(.translation(96, 96)),
                     paint: .solid(Color(0.9, 0.5, 0.1)), into: &pm)
        Golden.check("caps-joins", pm, tolerance: Self.tolerance)
    }

    @Test func linearGradient() throws {
        var pm = try canvas()
        let g = Gradient([ColorStop(0, Color(0.1, 0.2, 0.9)), ColorStop(0.5, Color(0.9, 0.9, 0.2)), ColorStop(1, Color(0.9, 0.1, 0.2))],
                         opacityStops: [OpacityStop(0, 1), OpacityStop(0.7, 0.3), OpacityStop(1, 1)])
        try Canvas().fill(.roundedRect(Rect(x: 10, y: 10, width: 108, height: 108), radius: 20),
                          paint: .linear(g, start: Point(20, 20), end: Point(108, 100)), into: &pm)
        Golden.check("linear-gradient", pm, tolerance: Self.tolerance)
    }

    @Test func radialGradientWithFocalPoint() throws {
        var pm = try canvas(128, 128, RGBA8(30, 30, 40, 255))
        let g = Gradient([ColorStop(0, .white), ColorStop(0.3, Color(1, 0.8, 0.3)), ColorStop(1, Color(0.6, 0.1, 0.1))])
        try Canvas().fill(.circle(center: Point(64, 64), radius: 54),
                          paint: .radial(g, center: Point(64, 64), radius: 54, focal: Point(44, 40)), into: &pm)
        Golden.check("radial-focal", pm, tolerance: Self.tolerance)
    }

    /// A 3×2 sheet: a circle mask combined with an earlier rectangle mask by each mode, gating a
    /// gradient layer; the bottom-right circle in each panel is inverted at 70% opacity.
    @Test func maskModes() throws {
        let c = Canvas()
        var sheet = try canvas(192, 128)
        let g = Gradient([ColorStop(0, Color(0.9, 0.2, 0.2)), ColorStop(1, Color(0.2, 0.2, 0.9))])
        for (i, mode) in Mask.Mode.allCases.enumerated() {
            var layer = try c.borrowLayer(width: 64, height: 64)
            try c.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 64)), paint: .linear(g, start: Point(0, 0), end: Point(64, 64)), into: &layer)
            var acc = c.borrowMask(width: 64, height: 64)
            var m = c.borrowMask(width: 64, height: 64)
            try c.fillMask(.rect(Rect(x: 6, y: 6, width: 34, height: 52)), into: &acc)
            try c.fillMask(.circle(center: Point(38, 30), radius: 20), into: &m)
            acc.combine(m, mode: mode)
            try c.fillMask(.circle(center: Point(50, 52), radius: 8), into: &m)
            acc.combine(m, mode: mode, opacity: 0.7, inverted: true)
            layer.apply(mask: acc)
            sheet.composite(layer, x: (i % 3) * 64, y: (i / 3) * 64)
            c.recycle(layer, dirty: nil); c.recycle(acc); c.recycle(m)
        }
        Golden.check("mask-modes", sheet, tolerance: Self.tolerance)
    }

    /// A 4-panel sheet: a striped layer gated by a matte (a white-to-black gradient disc) with alpha,
    /// inverted alpha, luma, inverted luma.
    @Test func matteModes() throws {
        let c = Canvas()
        var sheet = try canvas(256, 64, RGBA8(220, 220, 220, 255))
        for (i, mode) in MatteMode.allCases.enumerated() {
            var layer = try c.borrowLayer(width: 64, height: 64)
            for k in 0..<8 {
                try c.fill(.rect(Rect(x: Double(k) * 8, y: 0, width: 4, height: 64)), paint: .solid(Color(0.1, 0.5, 0.2)), into: &layer)
            }
            var matte = try c.borrowLayer(width: 64, height: 64)
            let g = Gradient([ColorStop(0, .white), ColorStop(1, .black)])
            try c.fill(.circle(center: Point(32, 32), radius: 26), paint: .linear(g, start: Point(6, 0), end: Point(58, 0)), into: &matte)
            layer.apply(matte: matte, mode: mode)
            sheet.composite(layer, x: i * 64, y: 0)
            c.recycle(layer, dirty: nil); c.recycle(matte, dirty: nil)
        }
        Golden.check("matte-modes", sheet, tolerance: Self.tolerance)
    }

    @Test func blur() throws {
        var pm = try canvas()
        let c = Canvas()
        var shadow = try c.borrowLayer(width: 128, height: 128)
        let s = star(center: Point(68, 70), outer: 46, inner: 20)
        try c.fill(s, paint: .solid(Color(0, 0, 0, 0.6)), into: &shadow)
        shadow.blur(sigma: 4)
        pm.composite(shadow)
        try c.fill(s, transform: .translation(-6, -6), paint: .solid(Color(0.3, 0.7, 1)), into: &pm)
        var feather = Mask(width: 128, height: 128)
        try c.fillMask(.rect(Rect(x: 8, y: 100, width: 112, height: 20)), into: &feather)
        feather.blur(sigma: 3)
        var bar = try c.borrowLayer(width: 128, height: 128)
        bar.fill(RGBA8(200, 40, 120, 255))
        bar.apply(mask: feather)
        pm.composite(bar)
        Golden.check("blur", pm, tolerance: Self.tolerance)
    }

    /// The 17 blend modes of a colour wheel layer over a grey ramp with a transparent strip.
    @Test func blendModes() throws {
        let c = Canvas()
        let modes = BlendMode.allCases
        var sheet = try canvas(6 * 40, 3 * 40, .white)
        for (i, mode) in modes.enumerated() {
            var dst = try c.borrowLayer(width: 40, height: 40)
            try c.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 32)),
                       paint: .linear(Gradient([ColorStop(0, .black), ColorStop(1, .white)]), start: Point(0, 0), end: Point(40, 0)), into: &dst)
            var src = try c.borrowLayer(width: 40, height: 40)
            let g = Gradient([ColorStop(0, Color(1, 0, 0)), ColorStop(0.33, Color(0, 1, 0)), ColorStop(0.66, Color(0, 0, 1)), ColorStop(1, Color(1, 0, 0, 0.3))])
            try c.fill(.circle(center: Point(20, 20), radius: 15), paint: .linear(g, start: Point(5, 5), end: Point(35, 35)), into: &src)
            dst.composite(src, mode: mode)
            sheet.composite(dst, x: (i % 6) * 40, y: (i / 6) * 40)
            c.recycle(dst, dirty: nil); c.recycle(src, dirty: nil)
        }
        Golden.check("blend-modes", sheet, tolerance: Self.tolerance)
    }
}

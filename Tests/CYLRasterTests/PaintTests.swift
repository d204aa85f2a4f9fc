#if canImport(Glibc)
import Glibc
#endif
import Testing
import CYLGeometry
@testable import CYLRaster

func near(_ a: RGBA8, _ b: RGBA8, _ tol: Int = 1) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= tol && abs(Int(a.g) - Int(b.g)) <= tol && abs(Int(a.b) - Int(b.b)) <= tol
        && abs(Int(a.a) - Int(b.a)) <= tol
}

@Suite struct PaintTests {
    @Test func solidSourceOver() throws {
        var pm = try Pixmap(width: 8, height: 8)
        pm.fill(.white)
        try Canvas().fill(.rect(Rect(x: 2, y: 2, width: 4, height: 4)), paint: .solid(Color(1, 0, 0, 0.5)), into: &pm)
        #expect(near(pm[3, 3], RGBA8(255, 127, 127, 255)))
        #expect(pm[0, 0] == .white)
        // Over transparent: premultiplied half red.
        var t = try Pixmap(width: 8, height: 8)
        try Canvas().fill(.rect(Rect(x: 2, y: 2, width: 4, height: 4)), paint: .solid(Color(1, 0, 0, 0.5)), opacity: 0.5, into: &t)
        #expect(near(t[3, 3], RGBA8(64, 0, 0, 64)))
    }

    @Test func linearGradientRamp() throws {
        var pm = try Pixmap(width: 256, height: 2)
        let g = Gradient([ColorStop(0, .black), ColorStop(1, .white)])
        try Canvas().fill(.rect(Rect(x: 0, y: 0, width: 256, height: 2)),
                          paint: .linear(g, start: Point(0, 0), end: Point(256, 0)), into: &pm)
        for x in stride(from: 0, to: 256, by: 17) {
            let v = UInt8(((Double(x) + 0.5) / 256 * 255).rounded())
            #expect(near(pm[x, 1], RGBA8(v, v, v, 255)), "x \(x): \(pm[x, 1])")
        }
        // Pad spread: before the start and after the end the end colours hold.
        var p2 = try Pixmap(width: 100, height: 1)
        try Canvas().fill(.rect(Rect(x: 0, y: 0, width: 100, height: 1)),
                          paint: .linear(g, start: Point(40, 0), end: Point(60, 0)), into: &p2)
        #expect(p2[10, 0] == .black && p2[90, 0] == .white)
    }

    @Test func gradientFollowsTransform() throws {
        // Gradient defined in user space 0...1, path scaled by 100: still black -> white across 100 px.
        var pm = try Pixmap(width: 100, height: 1)
        let g = Gradient([ColorStop(0, .black), ColorStop(1, .white)])
        try Canvas().fill(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), transform: .scale(100, 1),
                          paint: .linear(g, start: Point(0, 0), end: Point(1, 0)), into: &pm)
        #expect(near(pm[50, 0], RGBA8(129, 129, 129, 255)))
    }

    @Test func radialGradientWithFocalPoint() throws {
        var pm = try Pixmap(width: 100, height: 100)
        let g = Gradient([ColorStop(0, .white), ColorStop(1, .black)])
        let c = Canvas()
        try c.fill(.rect(Rect(x: 0, y: 0, width: 100, height: 100)),
                   paint: .radial(g, center: Point(50, 50), radius: 40), into: &pm)
        #expect(near(pm[50, 50], RGBA8(251, 251, 251, 255), 1))  // centre (50.5, 50.5): t = 0.0177
        // 20.5 px from the centre along x (pixel centre 70.5): t = 0.5125.
        let v = UInt8((255 * (1 - 20.5 / 40)).rounded())
        #expect(near(pm[70, 49], RGBA8(v, v, v, 255), 2), "\(pm[70, 49])")
        #expect(pm[95, 50] == .black)
        // Focal point at (30, 50): t = 0 there, t = 1 on the circle on both sides.
        try c.fill(.rect(Rect(x: 0, y: 0, width: 100, height: 100)),
                   paint: .radial(g, center: Point(50, 50), radius: 40, focal: Point(30.5, 50.5)), into: &pm)
        #expect(near(pm[30, 50], .white, 3))
        // Halfway from the focal point to the circle, on both sides: t = 0.5.
        #expect(near(pm[20, 50], RGBA8(128, 128, 128, 255), 8), "\(pm[20, 50])")  // 10 px of 20.5 to x=10
        #expect(near(pm[60, 50], RGBA8(128, 128, 128, 255), 8), "\(pm[60, 50])")  // 30 px of 59.5 to x=90
    }

    /// Three gradients (two of them at two opacities) drawn in turn for three frames: each
    /// ramp is built once, and every frame is what a fresh canvas draws (a ramp served for the
    /// wrong gradient or opacity would show).
    @Test func gradientRampsAreBuiltOncePerGradientAndOpacity() throws {
        let gradients = [Gradient([ColorStop(0, .black), ColorStop(1, .white)]),
                         Gradient([ColorStop(0, Color(1, 0, 0)), ColorStop(1, Color(0, 0, 1))]),
                         Gradient([ColorStop(0, Color(0, 1, 0)), ColorStop(1, .white)], opacityStops: [OpacityStop(0, 1), OpacityStop(1, 0.2)])]
        let draws: [(Int, Double)] = [(0, 1), (1, 1), (2, 1), (0, 0.5), (1, 0.5)]
        func frame(_ canvas: Canvas) throws -> Pixmap {
            var pm = try Pixmap(width: 64, height: 64)
            for (k, (g, opacity)) in draws.enumerated() {
                try canvas.fill(.rect(Rect(x: 0, y: Double(k) * 12, width: 64, height: 12)),
                                paint: .linear(gradients[g], start: Point(0, 0), end: Point(64, 0)), opacity: opacity, into: &pm)
            }
            return pm
        }
        let canvas = Canvas()
        for _ in 0..<3 {
            #expect(try frame(canvas) == frame(Canvas()))
        }
        #expect(canvas.ramps.builds == draws.count)
    }

    @Test func opacityStopsMergeWithColourStops() throws {
        let g = Gradient([ColorStop(0, .black), ColorStop(1, .white)],
                         opacityStops: [OpacityStop(0, 1), OpacityStop(0.5, 0.2), OpacityStop(1, 1)])
        var ramp: [UInt32] = []
        g.ramp(opacity: 1, into: &ramp)
        let mid = unpack(ramp[Gradient.rampSize / 2])
        // t ≈ 0.5: grey 0.5, alpha 0.2 → premultiplied 0.1.
        #expect(near(mid, RGBA8(26, 26, 26, 51), 1), "\(mid)")
        let end = unpack(ramp[Gradient.rampSize - 1])
        #expect(end == .white)
        // Hard edge from coincident stops.
        let hard = Gradient([ColorStop(0, .black), ColorStop(0.5, .black), ColorStop(0.5, .white), ColorStop(1, .white)])
        hard.ramp(opacity: 1, into: &ramp)
        #expect(unpack(ramp[Gradient.rampSize / 2 - 2]) == .black && unpack(ramp[Gradient.rampSize / 2 + 1]) == .white)
    }

    @Test func compositeWithOpacityAndOffset() throws {
        var bg = try Pixmap(width: 10, height: 10)
        bg.fill(.black)
        var layer = try Pixmap(width: 4, height: 4)
        layer.fill(.white)
        bg.composite(layer, x: 8, y: -2, opacity: 0.5)
        #expect(near(bg[8, 0], RGBA8(128, 128, 128, 255)))
        #expect(near(bg[9, 1], RGBA8(128, 128, 128, 255)))
        #expect(bg[8, 2] == .black && bg[7, 0] == .black)
    }

    @Test func sourceOverKernelMatchesFormulaExhaustively() {
        // Every (source alpha, dest channel) pair: d' = s + round(d·(255 − sa)/255).
        for sa in 0...255 {
            for d in stride(from: 0, through: 255, by: 3) {
                let s = UInt32(sa / 2) | UInt32(sa) << 24
                let dp = UInt32(d) | UInt32(d) << 8 | UInt32(d) << 16 | UInt32(d) << 24
                let out = unpack(overPixel(s, dp))
                let exp = Int((Double(d) * Double(255 - sa) / 255).rounded())
                #expect(Int(out.g) == exp && Int(out.r) == sa / 2 + exp && Int(out.a) == sa + exp)
            }
        }
    }
}

/// Reference blend functions in Double, straight from the W3C Compositing spec.
enum RefBlend {
    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func clip(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    static func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clip(c.map { $0 + d }) }
    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let mx = c.max()!, mn = c.min()!
        if mx <= mn { return [0, 0, 0] }
        return c.map { ($0 - mn) * s / (mx - mn) }
    }
    static func sep(_ m: BlendMode, _ s: Double, _ b: Double) -> Double {
        switch m {
        case .normal: return s
        case .multiply: return s * b
        case .screen: return s + b - s * b
        case .overlay: return b <= 0.5 ? s * 2 * b : s + (2 * b - 1) - s * (2 * b - 1)
        case .darken: return min(s, b)
        case .lighten: return max(s, b)
        case .colorDodge: return b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s)))
        case .colorBurn: return b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s))
        case .hardLight: return s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(s - b)
        case .exclusion: return s + b - 2 * s * b
        default: fatalError()
        }
    }
    /// Premultiplied in/out, channels 0...1.
    static func blend(_ m: BlendMode, s: [Double], d: [Double]) -> [Double] {
        let sa = s[3], da = d[3]
        if m == .add { return (0..<4).map { min(1, s[$0] + d[$0]) } }
        let cs = (0..<3).map { sa > 0 ? s[$0] / sa : 0 }, cb = (0..<3).map { da > 0 ? d[$0] / da : 0 }
        let b: [Double]
        switch m {
        case .hue: b = setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: b = setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: b = setLum(cs, lum(cb))
        case .luminosity: b = setLum(cb, lum(cs))
        default: b = (0..<3).map { sep(m, cs[$0], cb[$0]) }
        }
        var out = (0..<3).map { s[$0] * (1 - da) + d[$0] * (1 - sa) + sa * da * b[$0] }
        out.append(sa + da - sa * da)
        return out
    }
}

@Suite struct BlendTests {
    static let grid: [RGBA8] = {
        var out: [RGBA8] = []
        let levels: [UInt8] = [0, 51, 128, 204, 255]
        for r in levels { for g in [UInt8(0), 128, 255] { for b in [UInt8(30), 230] { for a in [UInt8(255), 160] {
            out.append(RGBA8(r, g, b, a).premultiplied)
        } } } }
        return out
    }()

    @Test(arguments: BlendMode.allCases)
    func blendModeMatchesFormula(mode: BlendMode) throws {
        let g = Self.grid
        var dst = try Pixmap(width: g.count, height: g.count)
        var src = try Pixmap(width: g.count, height: g.count)
        for y in 0..<g.count { for x in 0..<g.count { dst[x, y] = g[y]; src[x, y] = g[x] } }
        dst.composite(src, mode: mode)
        var bad = 0
        for y in 0..<g.count {
            for x in 0..<g.count {
                let s = g[x], d = g[y]
                let e = RefBlend.blend(mode, s: [s.r, s.g, s.b, s.a].map { Double($0) / 255 },
                                       d: [d.r, d.g, d.b, d.a].map { Double($0) / 255 })
                let exp = RGBA8(UInt8((min(e[0], e[3]) * 255).rounded()), UInt8((min(e[1], e[3]) * 255).rounded()),
                                UInt8((min(e[2], e[3]) * 255).rounded()), UInt8((e[3] * 255).rounded()))
                if !near(dst[x, y], exp, 1) {
                    bad += 1
                    if bad < 4 { Issue.record("\(mode) s \(s) d \(d): got \(dst[x, y]) expected \(exp)") }
                }
            }
        }
        #expect(bad == 0)
    }
}

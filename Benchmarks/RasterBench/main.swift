// RasterBench: release-mode timings of the rasterizer and compositor.
// Usage: swift run -c release RasterBench [--json] [--quick]
#if canImport(Glibc)
import Glibc
#endif
import CYLGeometry
import CRasterKernels
import CYLRaster

let args = CommandLine.arguments
let json = args.contains("--json")
let quick = args.contains("--quick")
/// `--only TEXT` runs only the benchmarks whose name contains TEXT.
let only: String? = args.firstIndex(of: "--only").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }

/// A closed outline of 100 cubic segments (100 on-curve vertices) filling most of a `size` canvas:
/// a wobbly blob like an icon silhouette, with smooth tangents.
func iconOutline(size: Double) -> Path {
    let n = 100
    let c = size / 2, r0 = size * 0.38
    func pt(_ i: Int) -> Point {
        let a = Double(i) / Double(n) * 2 * Double.pi
        let r = r0 * (1 + 0.12 * sin(5 * a) + 0.05 * cos(13 * a))
        return Point(c + r * cos(a), c + r * sin(a))
    }
    var p = Path()
    p.move(to: pt(0))
    for i in 0..<n {
        let p0 = pt(i), p3 = pt(i + 1)
        let t0 = (pt(i + 1) - pt(i - 1)) * (1.0 / 6), t1 = (pt(i + 2) - pt(i)) * (1.0 / 6)
        p.cubic(to: p3, control1: p0 + t0, control2: p3 - t1)
    }
    p.close()
    return p
}

struct Result { var name: String; var median: Double; var p90: Double; var extra: String }
nonisolated(unsafe) var results: [Result] = []

@inline(never) func measure(_ name: String, iterations: Int, extra: (Double) -> String = { _ in "" }, _ body: () throws -> Void) rethrows {
    if let only, !name.contains(only) { return }
    let clock = ContinuousClock()
    for _ in 0..<max(3, iterations / 10) { try body() }  // warm-up
    var times: [Double] = []
    times.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let t0 = clock.now
        try body()
        let d = clock.now - t0
        times.append(Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) * 1e-12)
    }
    times.sort()
    let med = times[times.count / 2], p90 = times[times.count * 9 / 10]
    results.append(Result(name: name, median: med, p90: p90, extra: extra(med)))
}

let canvas = Canvas()
let iters = quick ? 50 : 500
let black = Paint.solid(Color(0.1, 0.2, 0.6, 1))

for size in [256, 1024] {
    var pm = try Pixmap(width: size, height: size)
    let icon = iconOutline(size: Double(size))
    try measure("fill 100-cubic icon \(size)x\(size)", iterations: size == 256 ? iters * 4 : iters) {
        try canvas.fill(icon, paint: black, into: &pm)
    }
    try measure("  rasterize only (spans) \(size)x\(size)", iterations: size == 256 ? iters * 4 : iters) {
        try canvas.rasterizer.rasterize(icon, clip: IntRect(x: 0, y: 0, width: size, height: size))
    }
    let semi = Paint.solid(Color(0.1, 0.2, 0.6, 0.5))
    try measure("fill icon 50% alpha \(size)x\(size)", iterations: size == 256 ? iters * 4 : iters) {
        try canvas.fill(icon, paint: semi, into: &pm)
    }
}

do {
    var pm = try Pixmap(width: 256, height: 256)
    let circle = Path.circle(center: Point(128, 128), radius: 100)
    let style = StrokeStyle(width: 6, cap: .round, join: .round, dashes: [20, 10])
    try measure("stroke dashed circle 256x256 (w6, round caps)", iterations: iters) {
        try canvas.stroke(circle, style: style, paint: black, into: &pm)
    }
    let g = Gradient([ColorStop(0, Color(1, 0.8, 0.2)), ColorStop(0.6, Color(0.9, 0.1, 0.3, 0.8)), ColorStop(1, Color(0.1, 0, 0.5, 1))])
    let radial = Paint.radial(g, center: Point(128, 128), radius: 150, focal: Point(90, 80))
    let whole = Path.rect(Rect(x: 0, y: 0, width: 256, height: 256))
    try measure("radial gradient (focal) fill 256x256", iterations: iters) {
        try canvas.fill(whole, paint: radial, into: &pm)
    }
    let linear = Paint.linear(g, start: Point(0, 0), end: Point(256, 200))
    try measure("linear gradient fill 256x256", iterations: iters) {
        try canvas.fill(whole, paint: linear, into: &pm)
    }
}

// Compositing: a 256² layer with mixed alpha (a semi-transparent gradient, opaque and clear parts)
// over an opaque background.
do {
    var layer = try Pixmap(width: 256, height: 256)
    let g = Gradient([ColorStop(0, Color(1, 0, 0, 0)), ColorStop(0.5, Color(0, 1, 0, 0.6)), ColorStop(1, Color(0, 0, 1, 1))])
    try canvas.fill(.rect(Rect(x: 0, y: 0, width: 256, height: 256)), paint: .linear(g, start: Point(0, 0), end: Point(256, 0)), into: &layer)
    var bg = try Pixmap(width: 256, height: 256)
    bg.fill(RGBA8(200, 180, 160, 255))
    let px = 256.0 * 256.0
    let gpx: (Double) -> String = { us in String(format: "%.2f Gpx/s", px / us / 1000) }
    measure("composite 256² layer source-over (mixed alpha)", iterations: iters * 4, extra: gpx) {
        bg.composite(layer, opacity: 1)
    }
    var semi = layer
    semi.fill(RGBA8(60, 50, 40, 128))
    measure("composite 256² layer source-over (all alpha 128)", iterations: iters * 4, extra: gpx) {
        bg.composite(semi, opacity: 1)
    }
    measure("composite 256² layer at 50% opacity", iterations: iters * 4, extra: gpx) {
        bg.composite(layer, opacity: 0.5)
    }
    // Every non-normal mode (issue 11 asks >= 1 Gpx/s for each).
    for mode in BlendMode.allCases where mode != .normal {
        measure("composite 256² layer \(mode)", iterations: iters, extra: gpx) {
            bg.composite(layer, mode: mode)
        }
    }

    // The separable modes through each instruction set's code (`cyl_blend_row_isa`) on the same
    // random premultiplied pixels: what the run-time choice gains over the SSE2 baseline.
    let isas: [(Int32, String)] = [(Int32(CYL_BLEND_ISA_SSE2.rawValue), "sse2"), (Int32(CYL_BLEND_ISA_AVX2.rawValue), "avx2"),
                                   (Int32(CYL_BLEND_ISA_AVX512.rawValue), "avx512")]
    let modes: [(cyl_blend_mode, String)] = [(CYL_BLEND_MULTIPLY, "multiply"), (CYL_BLEND_SCREEN, "screen"), (CYL_BLEND_OVERLAY, "overlay"),
                                             (CYL_BLEND_DARKEN, "darken"), (CYL_BLEND_LIGHTEN, "lighten"), (CYL_BLEND_HARD_LIGHT, "hardLight"),
                                             (CYL_BLEND_DIFFERENCE, "difference"), (CYL_BLEND_EXCLUSION, "exclusion"),
                                             (CYL_BLEND_COLOR_DODGE, "colorDodge"), (CYL_BLEND_COLOR_BURN, "colorBurn"),
                                             (CYL_BLEND_SOFT_LIGHT, "softLight")]
    var state: UInt64 = 1
    func premultiplied() -> UInt32 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let a = UInt32(truncatingIfNeeded: state >> 56)
        var p = a << 24
        for sh: UInt32 in [0, 8, 16] { p |= (UInt32(truncatingIfNeeded: state >> (8 + UInt64(sh))) & 255) * a / 255 << sh }
        return p
    }
    let source = (0..<65536).map { _ in premultiplied() }
    var backdrop = (0..<65536).map { _ in premultiplied() }
    for (isa, isaName) in isas where cyl_blend_isa_available(isa) == 1 {
        for (mode, name) in modes {
            measure("blend row 256² \(name) [\(isaName)]", iterations: iters, extra: gpx) {
                backdrop.withUnsafeMutableBufferPointer { d in
                    source.withUnsafeBufferPointer { s in _ = cyl_blend_row_isa(isa, Int32(mode.rawValue), d.baseAddress!, s.baseAddress!, 65536, 255) }
                }
            }
        }
    }

    // A 720 x 1280 video frame with its alpha beside it (PAG's packing) to straight RGBA, row by row.
    do {
        let w = 720, h = 1280, pw = 2 * w
        var rng: UInt64 = 7
        func byte() -> UInt8 { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: rng >> 56) }
        let luma = (0..<(pw * h)).map { _ in byte() }, cb = (0..<(pw / 2 * h / 2)).map { _ in byte() }, cr = (0..<(pw / 2 * h / 2)).map { _ in byte() }
        var out = [UInt8](repeating: 0, count: 4 * w)
        let px = Double(w * h)
        measure("yuv420 to straight RGBA 720x1280 with alpha", iterations: quick ? 5 : 30, extra: { us in String(format: "%.2f Gpx/s", px / us / 1000) }) {
            luma.withUnsafeBufferPointer { y in cb.withUnsafeBufferPointer { u in cr.withUnsafeBufferPointer { v in
                out.withUnsafeMutableBufferPointer { d in
                    for row in 0..<h {
                        let near = row / 2, far = min(max(row & 1 == 0 ? near - 1 : near + 1, 0), h / 2 - 1)
                        cyl_yuv420_straight_row(d.baseAddress, y.baseAddress! + row * pw, u.baseAddress! + near * pw / 2, u.baseAddress! + far * pw / 2,
                                                v.baseAddress! + near * pw / 2, v.baseAddress! + far * pw / 2, y.baseAddress! + row * pw + w,
                                                Int32(w), 0, Int32(w), 0, Int32(w / 2 - 1))
                    }
                }
            } } }
        }
    }

    // Masked layer: render a layer, a mask (circle), apply, composite.
    var m = Mask(width: 256, height: 256)
    let icon = iconOutline(size: 256)
    try measure("masked layer 256² (fill layer, fill mask, apply, composite)", iterations: iters) {
        var l = try canvas.borrowLayer(width: 256, height: 256)
        try canvas.fill(icon, paint: black, into: &l)
        try canvas.fillMask(.circle(center: Point(128, 128), radius: 90), into: &m)
        l.apply(mask: m)
        bg.composite(l)
        canvas.recycle(l, dirty: nil)
    }
    measure("gaussian blur 256² layer sigma 4", iterations: quick ? 10 : 50) {
        layer.blur(sigma: 4)
    }
}

do {
    // An image layer: a 256² bitmap drawn at 2x into 512² (bilinear, anti-aliased edges), beside a
    // fill of the same 512² square. Before the display list (issue 9) the Lottie renderer drew
    // images with a per-pixel Double loop: 13 ms here.
    var image = try Pixmap(width: 256, height: 256)
    try canvas.fill(iconOutline(size: 256), paint: black, into: &image)
    var target = try Pixmap(width: 512, height: 512)
    try measure("image 256² at 2x into 512², still (samples kept)", iterations: iters) {
        try canvas.drawImage(image, transform: .scale(2, 2), into: &target)
    }
    var flip = false
    try measure("image 256² at 2x into 512², moving (sampled each time)", iterations: iters) {
        flip.toggle()
        try canvas.drawImage(image, transform: .scale(2, 2).then(.translation(flip ? 0.25 : 0, 0)), into: &target)
    }
    try measure("image 256² rotated 30° at 2x into 512²", iterations: iters) {
        try canvas.drawImage(image, transform: Transform.translation(-128, -128).then(.rotation(0.5236))
            .then(.scale(2, 2)).then(.translation(256, 256)), into: &target)
    }
    try measure("fill of the same 512² square", iterations: iters) {
        try canvas.fill(.rect(Rect(x: 0, y: 0, width: 512, height: 512)), paint: black, into: &target)
    }
}

do {
    // A PAG photo layer: a 400² image drawn at 0.64x into 256² (lod 0.64), sampled as Lottie does
    // (`.bilinear`: level 0), trilinear (levels 0 and 1 blended) and as libpag does (`.libpag`: a
    // snapshot at 0.64x, then placed; "still" keeps the snapshot and the samples). "moving"
    // shifts it by a new fraction of a pixel each time, so the kept samples never apply.
    var photo = try Pixmap(width: 400, height: 400)
    for y in 0..<400 {
        for x in 0..<400 {
            photo[x, y] = RGBA8(UInt8((x * 7 + y * 3) & 255), UInt8((x * y) & 255), UInt8((x ^ y) & 255), 255)
        }
    }
    var target = try Pixmap(width: 256, height: 256)
    for sampling in [ImageSampling.bilinear, .trilinear, .libpag] {
        try measure("photo 400² at 0.64x into 256², still, \(sampling)", iterations: iters) {
            try canvas.drawImage(photo, transform: .scale(0.64, 0.64), sampling: sampling, into: &target)
        }
        var shift = 0.0
        try measure("photo 400² at 0.64x into 256², moving, \(sampling)", iterations: iters) {
            shift = (shift + 0.0137).truncatingRemainder(dividingBy: 1)
            try canvas.drawImage(photo, transform: .scale(0.64, 0.64).then(.translation(shift, 0)),
                                 sampling: sampling, into: &target)
        }
        try measure("photo 400² rotated 30° at 0.64x into 256², \(sampling)", iterations: iters) {
            try canvas.drawImage(photo, transform: Transform.translation(-200, -200).then(.rotation(0.5236))
                .then(.scale(0.64, 0.64)).then(.translation(128, 128)), sampling: sampling, into: &target)
        }
    }
}

// Feathered paints (Rive's `feather`, drawn as a blurred group): the icon outline filled or stroked
// plain and feathered at several σ, through the display-list renderer at 256². "still" draws the
// same frame again; "moving" shifts it by a fraction of a pixel each time, so nothing cached from
// the last draw applies. The note is the feathered median over the plain one.
do {
    let size = 256
    var target = try Pixmap(width: size, height: size)
    let renderer = DisplayListRenderer()
    let clip = IntRect(x: 0, y: 0, width: size, height: size)
    func list(sigma: Double, stroke: Bool) -> DisplayList {
        var l = DisplayList()
        l.reset(width: Double(size), height: Double(size))
        let path = l.makePath { $0.append(iconOutline(size: Double(size) * 0.7)) }!
        let at = Transform.translation(Double(size) * 0.15, Double(size) * 0.15)
        if sigma > 0 { l.beginGroup(transform: .identity, blur: sigma) }
        if stroke {
            l.addStroke(path: path, transform: at, paint: black, style: StrokeStyle(width: 8, join: .round))
        } else {
            l.addFill(path: path, transform: at, paint: black)
        }
        if sigma > 0 { l.endGroup() }
        return l
    }
    for stroke in [false, true] {
        let kind = stroke ? "stroke" : "fill"
        for moving in [false, true] {
            let motion = moving ? "moving" : "still"
            var step = 0
            func draw(_ l: DisplayList) throws {
                step += 1
                let dx = moving ? Double(step % 16) * 0.37 : 0
                try renderer.render(l, transform: .translation(dx, dx * 0.5), clip: clip, into: &target)
            }
            let plain = list(sigma: 0, stroke: stroke)
            try measure("feathered: plain \(kind) 256², \(motion)", iterations: iters) { try draw(plain) }
            let base = results.last?.median ?? 1
            for sigma in [1.0, 2, 4, 8, 16, 32] {
                let l = list(sigma: sigma, stroke: stroke)
                try measure("feathered: \(kind) σ \(Int(sigma)) 256², \(motion)", iterations: iters,
                            extra: { String(format: "%.2fx plain", $0 / base) }) { try draw(l) }
            }
        }
    }
}

func format(_ v: Double) -> String { String(format: "%.1f", v) }
if json {
    print("[")
    for (i, r) in results.enumerated() {
        print("  {\"name\": \"\(r.name.trimmingCharacters(in: .whitespaces))\", \"median_us\": \(format(r.median)), \"p90_us\": \(format(r.p90))\(r.extra.isEmpty ? "" : ", \"note\": \"\(r.extra)\"")}\(i + 1 < results.count ? "," : "")")
    }
    print("]")
} else {
    for r in results {
        print(r.name.rightPad(62), "median", format(r.median).leftPad(8), "µs   p90", format(r.p90).leftPad(8), "µs  ", r.extra)
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
    func rightPad(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
    func trimmingCharacters(in _: Whitespace) -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
    enum Whitespace { case whitespaces }
}
func format(_ fmt: String, _ v: Double) -> String { String(format: fmt, v) }
extension String {
    init(format: String, _ v: Double) {
        var buf = [CChar](repeating: 0, count: 64)
        _ = withVaList([v]) { vsnprintf(&buf, 64, format, $0) }
        self = String(decoding: buf.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension Mask {
    /// The offsets (in pixels) a ring dilation of `radius` samples about each pixel: 17 angles
    /// from 0° to 180° in steps of 11.25°, each above and below the centre (so 0° and 180°
    /// twice); with `thick`, each again at half the distance.
    static func ringOffsets(radius: Double, thick: Bool) -> [(x: Double, y: Double)] {
        var offsets: [(x: Double, y: Double)] = []
        for i in 0...16 {
            let mx = cos(Double(i) * 11.25 * .pi / 180) * radius
            let my = max(radius * radius - mx * mx, 0).squareRoot()
            offsets += [(mx, my), (mx, -my)]
            if thick { offsets += [(mx / 2, my / 2), (mx / 2, -my / 2)] }
        }
        return offsets
    }

    /// Grows the coverage inside `rect` by `radius` pixels as libpag's solid stroke filter does
    /// (its drop shadow's spread): a pixel becomes fully covered when it is covered at all, or
    /// when a bilinear sample at any of `ringOffsets` about its centre would read coverage (any
    /// of the pixels it weighs is covered); otherwise it stays uncovered. The edge is hard: the
    /// filter keeps no partial coverage. Outside `rect` nothing is written; pixels outside the
    /// mask read as uncovered. `scratch` (reused) holds the coverage as it was.
    public mutating func ringDilate(radius: Double, thick: Bool, in rect: IntRect, scratch: inout [UInt8]) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        guard radius.isFinite, radius > 0, !r.isEmpty else { return }
        // The source is read over the rectangle grown by the reach of a sample.
        let reach = Int(radius.rounded(.up)) + 1
        let src = IntRect(x: r.x - reach, y: r.y - reach, width: r.width + 2 * reach, height: r.height + 2 * reach)
            .intersection(IntRect(x: 0, y: 0, width: width, height: height))
        if scratch.count < src.width * src.height { scratch = [UInt8](repeating: 0, count: src.width * src.height) }
        // Each offset split into a whole step and whether the sample also weighs the next pixel.
        let steps = Self.ringOffsets(radius: radius, thick: thick).map { o -> (dx: Int, dy: Int, nextX: Bool, nextY: Bool) in
            let fx = o.x.rounded(.down), fy = o.y.rounded(.down)
            return (Int(fx), Int(fy), o.x - fx > 0, o.y - fy > 0)
        }
        let stride = width
        scratch.withUnsafeMutableBufferPointer { sb in
            let s = sb.baseAddress!
            bytes.withUnsafeMutableBufferPointer { mb in
                let m = mb.baseAddress!
                for y in 0..<src.height {
                    for x in 0..<src.width { s[y * src.width + x] = m[(src.y + y) * stride + src.x + x] }
                }
                @inline(__always) func covered(_ x: Int, _ y: Int) -> Bool {
                    let sx = x - src.x, sy = y - src.y
                    return sx >= 0 && sy >= 0 && sx < src.width && sy < src.height && s[sy * src.width + sx] != 0
                }
                for y in r.y..<r.maxY {
                    for x in r.x..<r.maxX {
                        var hit = covered(x, y)
                        if !hit {
                            for st in steps {
                                let px = x + st.dx, py = y + st.dy
                                if covered(px, py) || (st.nextX && covered(px + 1, py))
                                    || (st.nextY && (covered(px, py + 1) || (st.nextX && covered(px + 1, py + 1)))) {
                                    hit = true
                                    break
                                }
                            }
                        }
                        m[y * stride + x] = hit ? 255 : 0
                    }
                }
            }
        }
    }
}

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
    /// mask read as uncovered. `scratch` (reused) holds the planes it reads.
    public mutating func ringDilate(radius: Double, thick: Bool, in rect: IntRect, scratch: inout [UInt8]) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        guard radius.isFinite, radius > 0, !r.isEmpty else { return }
        // A sample weighs one pixel, two across, two down or four: each kind reads a plane where
        // a pixel is set when any pixel of that footprint is covered, so a sample is one read, and
        // an offset is the plane's rows shifted and ORed into the result, 8 bytes at a time.
        // The planes hold the mask around `r` with a border of `reach` (zero off the mask).
        // No sample farther than the mask is wide plus high can reach it: a larger ring is that one.
        let radius = min(radius, Double(width + height))
        let reach = Int(radius.rounded(.up)) + 1
        let w = r.width, h = r.height, pw = w + 2 * reach + 2, ph = h + 2 * reach + 2, plane = pw * ph
        let need = 4 * plane + w * h
        if scratch.count < need { scratch = [UInt8](repeating: 0, count: need) }
        let steps = Self.ringOffsets(radius: radius, thick: thick).map { o -> (dx: Int, dy: Int, kind: Int) in
            let fx = o.x.rounded(.down), fy = o.y.rounded(.down)
            return (Int(fx), Int(fy), (o.x - fx > 0 ? 1 : 0) | (o.y - fy > 0 ? 2 : 0))
        }
        let stride = width
        scratch.withUnsafeMutableBufferPointer { sb in
            let base = sb.baseAddress!
            // Planes: 0 the pixel, 1 it or the next across, 2 or the next down, 3 any of the four.
            let planes = (0..<4).map { base + $0 * plane }
            let out = base + 4 * plane
            planes[0].update(repeating: 0, count: plane)
            out.update(repeating: 0, count: w * h)
            bytes.withUnsafeMutableBufferPointer { mb in
                let m = mb.baseAddress!
                let x0 = max(r.x - reach, 0), x1 = min(r.maxX + reach + 1, width)
                for my in max(r.y - reach, 0)..<min(r.maxY + reach + 1, height) {
                    let row = planes[0] + (my - r.y + reach) * pw + (x0 - r.x + reach)
                    for mx in x0..<x1 { row[mx - x0] = m[my * stride + mx] != 0 ? 1 : 0 }
                }
                for y in 0..<ph {
                    for x in 0..<pw {
                        let here = planes[0][y * pw + x]
                        let right = x + 1 < pw ? planes[0][y * pw + x + 1] : 0
                        let below = y + 1 < ph ? planes[0][(y + 1) * pw + x] : 0
                        let diagonal = x + 1 < pw && y + 1 < ph ? planes[0][(y + 1) * pw + x + 1] : 0
                        planes[1][y * pw + x] = here | right
                        planes[2][y * pw + x] = here | below
                        planes[3][y * pw + x] = here | right | below | diagonal
                    }
                }
                // The pixel itself, then each sample.
                for y in 0..<h { Self.orRow(out + y * w, planes[0] + (y + reach) * pw + reach, w) }
                for st in steps {
                    let p = planes[st.kind] + (reach + st.dy) * pw + reach + st.dx
                    for y in 0..<h { Self.orRow(out + y * w, p + y * pw, w) }
                }
                for y in 0..<h {
                    let row = m + (r.y + y) * stride + r.x
                    for x in 0..<w { row[x] = out[y * w + x] != 0 ? 255 : 0 }
                }
            }
        }
    }

    /// `dst[0..<n] |= src[0..<n]`, eight bytes at a time.
    @inline(__always)
    static func orRow(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, _ n: Int) {
        let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
        var i = 0
        while i + 8 <= n {
            d.storeBytes(of: d.loadUnaligned(fromByteOffset: i, as: UInt64.self) | s.loadUnaligned(fromByteOffset: i, as: UInt64.self),
                         toByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < n { dst[i] |= src[i]; i += 1 }
    }
}

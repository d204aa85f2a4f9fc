@testable import CYLImageCodecs
import CYLTestSupport
import CYLRaster
import Testing

/// The GIF encoder's hot kernels (issue 11) pinned against straightforward per-pixel references:
/// every comparison here is exact, since the kernels promise byte-identical output.
@Suite struct GIFEncoderKernelTests {
    // MARK: Histogram (ColorTable.addRuns)

    /// What the analyze pass did before the kernel: `add(colour, runLength)` at each run's end.
    static func referenceCount(_ words: [UInt32], into table: ColorTable) {
        var last = TargetPixel.transparent, run: UInt32 = 0
        for c in words {
            if c == last { run += 1; continue }
            if run > 0 && last != TargetPixel.transparent { table.add(last, run) }
            last = c
            run = 1
        }
        if run > 0 && last != TargetPixel.transparent { table.add(last, run) }
    }

    /// Frames of `n` words: runs of random length (1-6) of colours drawn from `palette`, a tenth
    /// of the runs transparent.
    static func runs(_ n: Int, palette: Int, seed: UInt64) -> [UInt32] {
        var rng = SplitMix(seed: seed)
        var out: [UInt32] = []
        out.reserveCapacity(n)
        while out.count < n {
            let r = rng.next()
            let c = r % 10 == 0 ? TargetPixel.transparent : UInt32(truncatingIfNeeded: (r >> 8) % UInt64(palette)) &* 0x9E3779 & 0xFF_FFFF
            for _ in 0..<Int(1 + (r >> 40) % 6) where out.count < n { out.append(c) }
        }
        return out
    }

    /// Same counts and the same slot layout (so the same insertion order, which decides the order
    /// the palette builder sees colours in), over growth of the table from 16 to 16384 slots.
    @Test(arguments: [(1, 1), (2, 50), (300, 1000), (5000, 40_000)])
    func addRunsMatchesPerRunAdds(palette: Int, pixels: Int) {
        let frames = (0..<3).map { Self.runs(pixels, palette: palette, seed: UInt64(palette * 7 + $0)) }
        let fast = ColorTable(capacity: 16), slow = ColorTable(capacity: 16)
        for f in frames {
            f.withUnsafeBufferPointer { fast.addRuns($0.baseAddress!, count: f.count, skip: TargetPixel.transparent) }
            Self.referenceCount(f, into: slow)
        }
        #expect(fast.capacity == slow.capacity && fast.count == slow.count)
        let a = fast.entries(), b = slow.entries()
        #expect(a.colors == b.colors)
        #expect(a.counts == b.counts)
        // Independent check of the totals: every non-transparent word counted once.
        let opaque = frames.reduce(0) { $0 + $1.filter { $0 != TargetPixel.transparent }.count }
        #expect(a.counts.reduce(0) { $0 + Int($1) } == opaque)
    }

    /// All transparent, a single pixel, and one colour over the whole frame (a single run).
    @Test func addRunsDegenerateInputs() {
        let t = ColorTable()
        [TargetPixel.transparent, TargetPixel.transparent].withUnsafeBufferPointer { t.addRuns($0.baseAddress!, count: 2, skip: TargetPixel.transparent) }
        #expect(t.count == 0)
        [UInt32(0x123456)].withUnsafeBufferPointer { t.addRuns($0.baseAddress!, count: 1, skip: TargetPixel.transparent) }
        let flat = [UInt32](repeating: 0xABCDEF, count: 10_000)
        flat.withUnsafeBufferPointer { t.addRuns($0.baseAddress!, count: flat.count, skip: TargetPixel.transparent) }
        let e = t.entries()
        #expect(Dictionary(uniqueKeysWithValues: zip(e.colors, e.counts)) == [0x123456: 1, 0xABCDEF: 10_000])
    }

    // MARK: Colour mapping (PaletteMapper, no dither)

    /// The first palette entry at the least squared RGB distance, by exhaustive search.
    static func exhaustiveNearest(_ c: UInt32, _ palette: [UInt32]) -> Int {
        var best = 0, bestD = Int.max
        for (j, p) in palette.enumerated() {
            var d = 0
            for s in [0, 8, 16] { let e = Int((c >> s) & 0xFF) - Int((p >> s) & 0xFF); d += e * e }
            if d < bestD { bestD = d; best = j }
        }
        return best
    }

    /// Colours seen in analyze, colours never seen (inserted on the fly, growing the table while
    /// the kernel runs) and transparent words all map exactly as the exhaustive search says.
    @Test(arguments: [2, 17, 255])
    func mapperMatchesExhaustiveSearch(paletteSize: Int) {
        var rng = SplitMix(seed: UInt64(paletteSize))
        let palette = (0..<paletteSize).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF }
        let table = ColorTable(capacity: 16)
        let seen = (0..<500).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF } + palette
        for c in seen { table.add(c) }
        let mapper = PaletteMapper(palette: palette, table: table)
        var src: [UInt32] = []
        for k in 0..<40_000 {
            let r = rng.next()
            switch r % 4 {
            case 0: src.append(seen[Int((r >> 8) % UInt64(seen.count))])
            case 1: src.append(TargetPixel.transparent)
            default: src.append(UInt32(truncatingIfNeeded: r >> 16) & 0xFF_FFFF)  // mostly unseen
            }
            if k % 7 == 0, let l = src.last { src.append(l) }  // some runs
        }
        let capacityBefore = table.capacity
        var out = [UInt8](repeating: 0, count: src.count)
        src.withUnsafeBufferPointer { s in out.withUnsafeMutableBufferPointer { o in
            mapper.map(s.baseAddress!, width: s.count, height: 1, into: o.baseAddress!, transparentIndex: 255, dither: .none)
        }}
        #expect(table.capacity > capacityBefore, "the table grew while mapping (reload path exercised)")
        var wrong = 0
        for (c, i) in zip(src, out) {
            let expected = c == TargetPixel.transparent ? 255 : Self.exhaustiveNearest(c, palette)
            if Int(i) != expected { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    // MARK: Frame optimiser (IndexDiff)

    /// Bounding box by testing every pixel.
    static func referenceBox(_ a: [UInt8], _ b: [UInt8], _ w: Int, _ h: Int, _ hit: (UInt8, UInt8) -> Bool) -> IndexDiff.Box? {
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        for y in 0..<h { for x in 0..<w where hit(a[y * w + x], b[y * w + x]) {
            x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
        } }
        return x1 < 0 ? nil : (x0, y0, x1 + 1, y1 + 1)
    }

    static func same(_ p: IndexDiff.Box?, _ q: IndexDiff.Box?) -> Bool {
        switch (p, q) {
        case (nil, nil): return true
        case let (p?, q?): return p == q
        default: return false
        }
    }

    /// Widths around the 8-pixel word (1, 7, 8, 9, 23), a few scattered changes (at the edges
    /// too), many changes, and none: all three tests give the per-pixel box.
    @Test(arguments: [(1, 5), (7, 3), (8, 8), (9, 4), (23, 11), (64, 2)])
    func boxesMatchPerPixelScan(width w: Int, height h: Int) {
        var rng = SplitMix(seed: UInt64(w * 31 + h))
        let t: UInt8 = 9
        var close = [Bool](repeating: false, count: 65536)
        for a in 0..<256 { close[a << 8 | a] = true }
        close[3 << 8 | 4] = true; close[4 << 8 | 3] = true  // 3 and 4 are within tolerance of each other
        for changes in [0, 1, 3, w * h / 2] {
            for _ in 0..<20 {
                let canvas = (0..<(w * h)).map { _ in UInt8(rng.next() % 10) }
                var cur = canvas
                for _ in 0..<changes { cur[Int(rng.next() % UInt64(w * h))] = UInt8(rng.next() % 10) }
                cur.withUnsafeBufferPointer { a in canvas.withUnsafeBufferPointer { b in close.withUnsafeBufferPointer { c in
                    let pa = a.baseAddress!, pb = b.baseAddress!
                    #expect(Self.same(IndexDiff.box(pa, pb, width: w, height: h, IndexDiffDiffers()),
                                      Self.referenceBox(cur, canvas, w, h) { $0 != $1 }))
                    #expect(Self.same(IndexDiff.box(pa, pb, width: w, height: h, IndexDiffNotClose(close: c.baseAddress!)),
                                      Self.referenceBox(cur, canvas, w, h) { !close[Int($0) << 8 | Int($1)] }))
                    #expect(Self.same(IndexDiff.box(pa, pb, width: w, height: h, IndexDiffCleared(transparent: t)),
                                      Self.referenceBox(cur, canvas, w, h) { $0 == t && $1 != t }))
                }}}
            }
        }
    }

    /// The cropped copy: close pixels become transparent and keep the canvas, others are written
    /// and drawn, exactly as the per-pixel loop did; rectangles that do not start on a word.
    @Test func copyChangedMatchesPerPixelLoop() {
        var rng = SplitMix(seed: 7)
        let w = 37, h = 9, t: UInt8 = 5
        var close = [Bool](repeating: false, count: 65536)
        for a in 0..<256 { close[a << 8 | a] = true }
        close[1 << 8 | 2] = true
        for r: IndexDiff.Box in [(0, 0, w, h), (3, 2, 30, 7), (36, 8, 37, 9), (1, 0, 10, 1)] {
            let cur = (0..<(w * h)).map { _ in UInt8(rng.next() % 4) }
            let canvas = cur.map { rng.next() % 3 == 0 ? UInt8(rng.next() % 6) : $0 }
            var fastCanvas = canvas, slowCanvas = canvas
            let rw = r.x1 - r.x0, rh = r.y1 - r.y0
            var fast = [UInt8](repeating: 0, count: rw * rh), slow = fast
            for yy in 0..<rh { for xx in 0..<rw {
                let s = (r.y0 + yy) * w + r.x0 + xx, c = cur[s]
                if close[Int(c) << 8 | Int(slowCanvas[s])] { slow[yy * rw + xx] = t } else { slow[yy * rw + xx] = c; slowCanvas[s] = c }
            } }
            cur.withUnsafeBufferPointer { a in fastCanvas.withUnsafeMutableBufferPointer { b in close.withUnsafeBufferPointer { c in
                fast.withUnsafeMutableBufferPointer { o in
                    IndexDiff.copyChanged(a.baseAddress!, b.baseAddress!, width: w, r, close: c.baseAddress!, transparent: t,
                                          into: o.baseAddress!)
                }
            }}}
            #expect(fast == slow)
            #expect(fastCanvas == slowCanvas)
        }
    }

    // MARK: End to end

    /// Sparse random changes at an odd width, exact colours (under 256) and no tolerance: every
    /// decoded frame equals its source, through cropping, transparent "unchanged" pixels and
    /// background disposal where pixels vanish.
    @Test func sparseChangesRoundTripExactly() throws {
        var rng = SplitMix(seed: 11)
        let w = 45, h = 13
        let colors = (0..<40).map { _ in RGBA8(UInt8(rng.next() % 256), UInt8(rng.next() % 256), UInt8(rng.next() % 256), 255) }
        var frame = try Pixmap(width: w, height: h)
        for y in 0..<h { for x in 0..<w { frame[x, y] = colors[Int(rng.next() % 40)] } }
        var frames = [frame]
        for k in 1..<8 {
            for _ in 0..<(k * 3) {
                let x = Int(rng.next() % UInt64(w)), y = Int(rng.next() % UInt64(h))
                frame[x, y] = rng.next() % 5 == 0 ? .transparent : colors[Int(rng.next() % 40)]
            }
            frames.append(frame)
        }
        let gif = try GIFAnimationEncoder.encode(frames: frames, delaysCentiseconds: Array(repeating: 4, count: frames.count),
                                                 options: GIFEncodeOptions(unchangedTolerance: 0))
        let decoded = try Frames.decodeGIF(gif)
        #expect(decoded.count == frames.count)
        for (f, d) in zip(frames, decoded) { #expect(f == d.0) }
    }
}

/// The pixel conversion (TargetConvert) against the per-pixel rules written out here.
@Suite struct TargetConvertTests {
    /// Matte: blend onto (mr, mg, mb) with rounding, alpha 0 transparent. Threshold: alpha below
    /// it transparent, else unpremultiplied with rounding. Opaque pixels: the colour bytes.
    static func reference(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32, matte: (UInt32, UInt32, UInt32)?, threshold: UInt32) -> UInt32 {
        if a == 255 { return r | g << 8 | b << 16 }
        if let (mr, mg, mb) = matte {
            if a == 0 { return TargetPixel.transparent }
            func mix(_ c: UInt32, _ m: UInt32) -> UInt32 {
                let v = m * (255 - a) + 128
                return min(255, c + ((v + (v >> 8)) >> 8))
            }
            return mix(r, mr) | mix(g, mg) << 8 | mix(b, mb) << 16
        }
        if a < threshold { return TargetPixel.transparent }
        func un(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
        return un(r) | un(g) << 8 | un(b) << 16
    }

    /// Widths 1-9 (odd tails, the four-pixel step and the pair step), a row stride wider than the
    /// row, runs of opaque pixels broken by soft and transparent ones.
    @Test(arguments: 1...9)
    func matchesPerPixelRules(width w: Int) {
        var rng = SplitMix(seed: UInt64(w))
        let h = 5, stride = w * 4 + 8
        var bytes = [UInt8](repeating: 0xEE, count: stride * h)
        for i in 0..<(w * h) {
            let r = rng.next()
            let a: UInt8 = r % 3 == 0 ? UInt8((r >> 8) % 256) : 255
            let off = (i / w) * stride + (i % w) * 4
            for c in 0..<3 { bytes[off + c] = UInt8(((r >> (16 + 8 * UInt64(c))) % 256) * UInt64(a) / 255) }  // premultiplied
            bytes[off + 3] = a
        }
        for (matte, threshold) in [((UInt32(255), UInt32(255), UInt32(255)), UInt32(1)), ((10, 200, 30), 1), (nil, 128), (nil, 1), (nil, 255)]
            as [((UInt32, UInt32, UInt32)?, UInt32)] {
            var out = [UInt32](repeating: 0, count: w * h)
            bytes.withUnsafeBytes { src in out.withUnsafeMutableBufferPointer { dst in
                if let (mr, mg, mb) = matte {
                    TargetConvert.rows(src.baseAddress!, stride: stride, width: w, height: h, into: dst.baseAddress!, MatteRule(mr: mr, mg: mg, mb: mb))
                } else {
                    TargetConvert.rows(src.baseAddress!, stride: stride, width: w, height: h, into: dst.baseAddress!, ThresholdRule(threshold: threshold))
                }
            }}
            var wrong = 0
            for i in 0..<(w * h) {
                let off = (i / w) * stride + (i % w) * 4
                let e = Self.reference(UInt32(bytes[off]), UInt32(bytes[off + 1]), UInt32(bytes[off + 2]), UInt32(bytes[off + 3]),
                                       matte: matte, threshold: threshold)
                if out[i] != e { wrong += 1 }
            }
            #expect(wrong == 0, "width \(w), matte \(String(describing: matte)), threshold \(threshold)")
        }
    }
}

/// Our LZW coder (GIFWriter.putFrame through LZWEncoder) against giflib's (EGifPutLine): the same
/// bytes, and our decoder (giflib's DGif underneath) reads back the indices.
@Suite struct GIFLZWTests {
    enum Pattern: String, CaseIterable { case oneColour, random, twoColour, gradient, longRuns }

    static func indices(_ p: Pattern, _ n: Int, colours: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix(seed: seed)
        switch p {
        case .oneColour: return [UInt8](repeating: UInt8(colours - 1), count: n)
        case .random: return (0..<n).map { _ in UInt8(rng.next() % UInt64(colours)) }
        case .twoColour: return (0..<n).map { _ in UInt8(rng.next() % 2) }
        case .gradient: return (0..<n).map { UInt8($0 / 7 % colours) }
        case .longRuns:
            var out: [UInt8] = []
            while out.count < n { out += [UInt8](repeating: UInt8(rng.next() % UInt64(colours)), count: Int(1 + rng.next() % 40)) }
            return Array(out.prefix(n))
        }
    }

    /// Sizes from 1x1 to 300x301 (90,300 random 256-colour pixels force about twenty dictionary
    /// resets at 4095 codes), palettes of 2, 3, 16 and 256 entries (code sizes 2, 2, 4, 8), a row
    /// stride wider than the frame.
    @Test(arguments: Pattern.allCases)
    func matchesGiflibByteForByte(pattern: Pattern) throws {
        for (w, h, colours) in [(1, 1, 2), (3, 2, 3), (17, 5, 16), (64, 64, 256), (300, 301, 256), (129, 77, 2)] {
            let stride = w + 3
            let rows = Self.indices(pattern, stride * h, colours: pattern == .twoColour ? 2 : colours, seed: UInt64(w * 1000 + h))
            let palette = (0..<colours).map { UInt32($0) &* 0x010305 }
            let ours = try GIFWriter(width: w, height: h, palette: palette)
            let theirs = try GIFWriter(width: w, height: h, palette: palette)
            try rows.withUnsafeBufferPointer { (p) throws(GIFEncodeError) in
                try ours.putFrame(x: 0, y: 0, width: w, height: h, pixels: p.baseAddress!, rowStride: stride,
                                  delayCentiseconds: 5, disposal: .keep, transparentIndex: nil)
                try theirs.putFrameThroughGiflib(x: 0, y: 0, width: w, height: h, pixels: p.baseAddress!, rowStride: stride,
                                                 delayCentiseconds: 5, disposal: .keep, transparentIndex: nil)
            }
            let a = try ours.finish(), b = try theirs.finish()
            let same = a == b  // a Bool, so a failure prints sizes rather than both files
            #expect(same, "\(pattern) \(w)x\(h) \(colours) colours: \(a.count) vs \(b.count) bytes")
            // Independent read-back: every pixel's colour is its palette entry.
            let frame = try #require(try GIFDecoder(bytes: a, name: "lzw.gif").nextFrame()).image
            var wrong = 0
            for y in 0..<h { for x in 0..<w {
                let c = palette[Int(rows[y * stride + x])]
                let px = frame[x, y]
                if px != RGBA8(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF), 255) { wrong += 1 }
            } }
            #expect(wrong == 0, "\(pattern) \(w)x\(h)")
        }
    }

    /// One coder reused for frames of different sizes and code sizes (as a job-pool worker reuses
    /// its own) gives every frame the bytes giflib writes for it: nothing of one frame's table or
    /// buffer leaks into the next. The large random frame first, so later ones follow a full table.
    @Test func reusedCoderMatchesGiflibFrameByFrame() throws {
        let coder = GIFImageCoder()
        for (k, (w, h, colours)) in [(300, 301, 256), (3, 2, 3), (129, 77, 2), (64, 64, 16), (1, 1, 2)].enumerated() {
            let px = Self.indices(.random, w * h, colours: colours, seed: UInt64(k + 1))
            let palette = (0..<colours).map { UInt32($0) &* 0x010305 }
            let theirs = try GIFWriter(width: w, height: h, palette: palette)
            let spliced = try GIFWriter(width: w, height: h, palette: palette)
            try px.withUnsafeBufferPointer { (p) throws(GIFEncodeError) in
                try theirs.putFrameThroughGiflib(x: 0, y: 0, width: w, height: h, pixels: p.baseAddress!, rowStride: w,
                                                 delayCentiseconds: 3, disposal: .background, transparentIndex: 0)
                let data = try GIFWriter.encodeImage(width: w, height: h, pixels: p.baseAddress!, rowStride: w,
                                                     colorMapSize: GIFWriter.colorMapSize(colours), coder: coder)
                try spliced.putEncodedFrame(x: 0, y: 0, width: w, height: h, data: data, delayCentiseconds: 3,
                                            disposal: .background, transparentIndex: 0)
            }
            let a = try spliced.finish(), b = try theirs.finish()
            let same = a == b
            #expect(same, "frame \(k): \(w)x\(h) \(colours) colours: \(a.count) vs \(b.count) bytes")
        }
    }

    /// Image data coded for another colour table, cut short, or without its terminator is refused
    /// before anything of the frame is written.
    @Test func splicingForeignOrCutDataThrows() throws {
        let px = Self.indices(.random, 40 * 30, colours: 4, seed: 9)
        let data = try px.withUnsafeBufferPointer { (p) throws(GIFEncodeError) in
            try GIFWriter.encodeImage(width: 40, height: 30, pixels: p.baseAddress!, rowStride: 40, colorMapSize: 4)
        }
        #expect(data.first == 2 && data.last == 0)  // code size 2 for 4 entries; the terminator
        /// Whether the writer refuses `d` (and then wrote nothing of the frame).
        func refused(_ d: [UInt8], colours: Int) throws -> Bool {
            let writer = try GIFWriter(width: 40, height: 30, palette: Array(repeating: 0, count: colours))
            let before = writer.byteCount
            do {
                try writer.putEncodedFrame(x: 0, y: 0, width: 40, height: 30, data: d, delayCentiseconds: 1,
                                           disposal: .keep, transparentIndex: nil)
            } catch {
                return writer.byteCount == before
            }
            return false
        }
        #expect(try !refused(data, colours: 4))  // the right table: accepted
        #expect(try refused(data, colours: 256))  // a 256-entry table codes from size 8
        #expect(try refused(Array(data.dropLast()), colours: 4))  // no terminator
        #expect(try refused(Array(data.dropLast(2)), colours: 4))  // last sub-block cut short
        #expect(try refused(data + [0], colours: 4))  // bytes after the terminator
    }
}

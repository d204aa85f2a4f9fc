import CYLRaster

/// What a GIF does with pixels that are not fully opaque (GIF has one fully transparent index and
/// nothing in between).
public enum GIFTransparency: Sendable, Equatable {
    /// Soft edges are blended onto this colour (the background the GIF will be shown on) and made
    /// opaque; only fully transparent pixels stay transparent. The right choice for a known backdrop.
    case matte(RGBA8)
    /// Pixels with alpha at or above the threshold become opaque in their own colour, the rest
    /// transparent: hard (stair-stepped) edges, but correct on any background.
    case threshold(UInt8)
}

/// How to encode an animated GIF.
public struct GIFEncodeOptions: Sendable, Equatable {
    public var transparency: GIFTransparency
    public var dither: DitherMode
    /// NETSCAPE loop count: 0 loops forever, n repeats n more times; nil writes no loop extension
    /// (the animation plays once).
    public var loopCount: Int?
    /// Palette size including the transparent entry (2...256).
    public var maxColors: Int
    /// Crop each frame to the rectangle that changed (with the disposal that makes it correct) and
    /// write unchanged pixels inside it as transparent, which LZW codes cheaply.
    public var optimizeFrames: Bool
    /// With `optimizeFrames`: a pixel whose new colour is within this RGB distance of what is already
    /// shown is left as it is (written transparent), which makes long runs LZW codes cheaply. The
    /// shown colour never drifts further than this from the frame's own. 0 = exact.
    public var unchangedTolerance: Int

    public init(transparency: GIFTransparency = .threshold(128), dither: DitherMode = .none, loopCount: Int? = 0,
                maxColors: Int = 256, optimizeFrames: Bool = true, unchangedTolerance: Int = 3) {
        self.unchangedTolerance = unchangedTolerance
        self.transparency = transparency
        self.dither = dither
        self.loopCount = loopCount
        self.maxColors = maxColors
        self.optimizeFrames = optimizeFrames
    }
}

/// Encodes premultiplied RGBA frames as an animated GIF with one palette for the whole animation.
///
/// Two passes: `analyze` every frame (the colour histogram), then `add` every frame with its delay;
/// `finish` returns the file. Frames identical to the one before are merged into it (their delays
/// add up, so the total duration is kept). Memory: a few frame-sized buffers, never the whole
/// animation.
public final class GIFAnimationEncoder {
    public let width: Int, height: Int
    public let options: GIFEncodeOptions
    private let pixelCount: Int
    private let table = ColorTable()
    private var mapper: PaletteMapper?
    private var writer: GIFWriter?
    /// The palette (0x00BBGGRR words) once built; the transparent entry is `palette.count`.
    public private(set) var palette: [UInt32] = []
    private var transparentIndex: UInt8 = 0

    // Frame-sized buffers.
    private let target: UnsafeMutablePointer<UInt32>
    private let current: UnsafeMutablePointer<UInt8>
    /// What a viewer shows after the last added frame is drawn (transparent index = transparent).
    private let canvas: UnsafeMutablePointer<UInt8>

    private struct Pending {
        var x: Int, y: Int, w: Int, h: Int
        var data: [UInt8]
        var delay: Int
        var disposal: GIFWriteDisposal = .keep
    }
    private var pending: Pending?
    /// `close[a << 8 | b]`: palette entries a and b are within the unchanged tolerance (a == b included).
    private var close: [Bool] = []
    private var analyzedFrames = 0
    /// Frames written to the file so far (after merging unchanged frames).
    public private(set) var writtenFrames = 0
    private var finished = false

    public init(width: Int, height: Int, options: GIFEncodeOptions = GIFEncodeOptions()) throws(GIFEncodeError) {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw GIFEncodeError("a GIF is 1 to 65535 pixels on each side; \(width)x\(height) asked")
        }
        guard (2...256).contains(options.maxColors) else {
            throw GIFEncodeError("the palette size must be 2-256, not \(options.maxColors)")
        }
        self.width = width
        self.height = height
        self.options = options
        pixelCount = width * height
        target = .allocate(capacity: pixelCount)
        current = .allocate(capacity: pixelCount)
        canvas = .allocate(capacity: pixelCount)
    }

    deinit {
        target.deallocate()
        current.deallocate()
        canvas.deallocate()
    }

    /// Encodes `frames` with `delays` (centiseconds) in one call.
    public static func encode(frames: [Pixmap], delaysCentiseconds delays: [Int],
                              options: GIFEncodeOptions = GIFEncodeOptions()) throws(GIFEncodeError) -> [UInt8] {
        guard let first = frames.first, frames.count == delays.count else {
            throw GIFEncodeError("need at least one frame and one delay per frame")
        }
        let e = try GIFAnimationEncoder(width: first.width, height: first.height, options: options)
        for f in frames { try e.analyze(f) }
        for (f, d) in zip(frames, delays) { try e.add(f, delayCentiseconds: d) }
        return try e.finish()
    }

    private func checkSize(_ frame: Pixmap) throws(GIFEncodeError) {
        guard frame.width == width, frame.height == height else {
            throw GIFEncodeError("frame is \(frame.width)x\(frame.height), the animation \(width)x\(height)")
        }
    }

    /// Converts a premultiplied frame to target words (opaque colour or transparent) per `options`.
    private func convert(_ frame: Pixmap) {
        let (w, h, stride) = (width, height, frame.stride)
        let t = target
        frame.bytes.withUnsafeBytes { raw in
            switch options.transparency {
            case .matte(let m):
                TargetConvert.rows(raw.baseAddress!, stride: stride, width: w, height: h, into: t,
                                   MatteRule(mr: UInt32(m.r), mg: UInt32(m.g), mb: UInt32(m.b)))
            case .threshold(let threshold):
                TargetConvert.rows(raw.baseAddress!, stride: stride, width: w, height: h, into: t,
                                   ThresholdRule(threshold: UInt32(max(1, threshold))))
            }
        }
    }

    /// Pass 1: counts the frame's colours into the animation's histogram.
    public func analyze(_ frame: Pixmap) throws(GIFEncodeError) {
        try checkSize(frame)
        guard mapper == nil else { throw GIFEncodeError("analyze() after the first add()") }
        convert(frame)
        table.addRuns(target, count: pixelCount, skip: TargetPixel.transparent)
        analyzedFrames += 1
    }

    private func buildPalette() throws(GIFEncodeError) {
        let (colors, counts) = table.entries()
        var p = PaletteBuilder.palette(colors: colors, weights: counts, maxColors: options.maxColors - 1)
        if p.isEmpty { p = [0] }  // every pixel transparent: one dummy colour
        palette = p
        transparentIndex = UInt8(p.count)
        mapper = PaletteMapper(palette: p, table: table)
        close = [Bool](repeating: false, count: 65536)
        let tol = Int32(options.unchangedTolerance)
        for a in 0..<p.count {
            for b in 0..<p.count {
                let ca = p[a], cb = p[b]
                let dr = Int32(ca & 0xFF) - Int32(cb & 0xFF), dg = Int32((ca >> 8) & 0xFF) - Int32((cb >> 8) & 0xFF)
                let db = Int32((ca >> 16) & 0xFF) - Int32((cb >> 16) & 0xFF)
                close[a << 8 | b] = dr * dr + dg * dg + db * db <= tol * tol
            }
        }
        close[Int(p.count) << 8 | Int(p.count)] = true
        writer = try GIFWriter(width: width, height: height, palette: p + [0])
        if let loop = options.loopCount { try writer!.putLoop(loop) }
        canvas.initialize(repeating: transparentIndex, count: pixelCount)
    }

    /// Pass 2: adds a frame shown for `delayCentiseconds`.
    public func add(_ frame: Pixmap, delayCentiseconds: Int) throws(GIFEncodeError) {
        try checkSize(frame)
        guard !finished else { throw GIFEncodeError("add() after finish()") }
        if mapper == nil {
            if analyzedFrames == 0 { try analyze(frame) }
            try buildPalette()
        }
        convert(frame)
        mapper!.map(target, width: width, height: height, into: current, transparentIndex: transparentIndex,
                    dither: options.dither)
        try place(delay: max(0, delayCentiseconds))
    }

    /// Bounding box of the pixels that differ from the canvas (beyond the unchanged tolerance
    /// when optimising), or nil.
    private func changedBox() -> IndexDiff.Box? {
        guard options.optimizeFrames else {
            return IndexDiff.box(current, canvas, width: width, height: height, IndexDiffDiffers())
        }
        return close.withUnsafeBufferPointer {
            IndexDiff.box(current, canvas, width: width, height: height, IndexDiffNotClose(close: $0.baseAddress!))
        }
    }

    private func place(delay: Int) throws(GIFEncodeError) {
        let t = transparentIndex
        let cur = current, cv = canvas
        guard var prev = pending else {
            // First frame: the canvas starts transparent; crop to what is not.
            var r = (x0: 0, y0: 0, x1: width, y1: height)
            // The canvas is still all transparent, so "differs from it" is "not transparent".
            if options.optimizeFrames { r = IndexDiff.box(cur, cv, width: width, height: height, IndexDiffDiffers()) ?? (0, 0, 1, 1) }
            pending = Pending(x: r.x0, y: r.y0, w: r.x1 - r.x0, h: r.y1 - r.y0,
                              data: copyRect(r, leaveUnchanged: false), delay: delay)
            cv.update(from: cur, count: pixelCount)
            return
        }
        guard let _ = changedBox() else {
            // Nothing changed: the previous frame simply shows longer.
            prev.delay += delay
            pending = prev
            return
        }
        // Pixels that must turn transparent cannot be drawn over: the previous frame's rectangle is
        // cleared by its disposal instead, grown to cover them.
        if let clear = IndexDiff.box(cur, cv, width: width, height: height, IndexDiffCleared(transparent: t)) {
            let x0 = min(prev.x, clear.x0), y0 = min(prev.y, clear.y0)
            let x1 = max(prev.x + prev.w, clear.x1), y1 = max(prev.y + prev.h, clear.y1)
            if (x0, y0, x1, y1) != (prev.x, prev.y, prev.x + prev.w, prev.y + prev.h) {
                // Grown area: written as transparent (leave as is), then cleared by the disposal.
                var data = [UInt8](repeating: t, count: (x1 - x0) * (y1 - y0))
                for yy in 0..<prev.h {
                    let dst = (prev.y - y0 + yy) * (x1 - x0) + (prev.x - x0)
                    for xx in 0..<prev.w { data[dst + xx] = prev.data[yy * prev.w + xx] }
                }
                prev = Pending(x: x0, y: y0, w: x1 - x0, h: y1 - y0, data: data, delay: prev.delay)
            }
            prev.disposal = .background
            for yy in y0..<y1 { (cv + yy * width + x0).update(repeating: t, count: x1 - x0) }
        } else {
            prev.disposal = .keep
        }
        try write(prev)
        var r = (x0: 0, y0: 0, x1: width, y1: height)
        if options.optimizeFrames { r = changedBox() ?? (0, 0, 1, 1) }
        pending = Pending(x: r.x0, y: r.y0, w: r.x1 - r.x0, h: r.y1 - r.y0,
                          data: copyRect(r, leaveUnchanged: options.optimizeFrames), delay: delay)
        if !options.optimizeFrames { cv.update(from: cur, count: pixelCount) }
    }

    /// The current frame's indices inside `r`; with `leaveUnchanged`, pixels equal to the canvas
    /// become the transparent index (draw nothing there).
    private func copyRect(_ r: (x0: Int, y0: Int, x1: Int, y1: Int), leaveUnchanged: Bool) -> [UInt8] {
        let w = r.x1 - r.x0, h = r.y1 - r.y0, t = transparentIndex
        let cur = current, cv = canvas, width = self.width
        return close.withUnsafeBufferPointer { near in
            [UInt8](unsafeUninitializedCapacity: w * h) { out, n in
                if leaveUnchanged {
                    // Close enough to what is shown: leave it (the canvas keeps its colour).
                    IndexDiff.copyChanged(cur, cv, width: width, r, close: near.baseAddress!, transparent: t,
                                          into: out.baseAddress!)
                } else {
                    for yy in 0..<h { (out.baseAddress! + yy * w).update(from: cur + (r.y0 + yy) * width + r.x0, count: w) }
                }
                n = w * h
            }
        }
    }

    private func write(_ f: Pending) throws(GIFEncodeError) {
        let t = transparentIndex
        let usesTransparency = f.data.contains(t)
        try f.data.withUnsafeBufferPointer { (p) throws(GIFEncodeError) in
            try writer!.putFrame(x: f.x, y: f.y, width: f.w, height: f.h, pixels: p.baseAddress!, rowStride: f.w,
                                 delayCentiseconds: f.delay, disposal: f.disposal,
                                 transparentIndex: usesTransparency ? t : nil)
        }
        writtenFrames += 1
    }

    /// Bytes of the file encoded so far (the last added frame is written when the next one comes).
    public var encodedBytes: Int { writer?.byteCount ?? 0 }

    /// Writes the last frame and the trailer; returns the GIF file.
    public func finish() throws(GIFEncodeError) -> [UInt8] {
        guard !finished else { throw GIFEncodeError("finish() called twice") }
        guard let last = pending, writer != nil else { throw GIFEncodeError("no frames were added") }
        finished = true
        try write(last)
        pending = nil
        return try writer!.finish()
    }
}

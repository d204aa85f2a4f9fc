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
///
/// A caller with threads splits both passes: `preparer.runs` (any thread) then `analyze(_:)` in
/// order; after `buildPalette()`, a `mapper()` per thread maps frames, `place` runs in order, the
/// frames it finishes are LZW-coded by `GIFFinishedFrame.encode` on any thread and `append`ed in
/// order, and `finishLast()` hands over the last one. `add` does exactly these steps in a row.
/// `place` calls may come from different threads, one at a time (each after the one before has
/// returned, with a lock between); `append` reads and writes nothing `place` does, so the two may
/// run at the same time.
public final class GIFAnimationEncoder {
    public let width: Int, height: Int
    public let options: GIFEncodeOptions
    /// The per-frame work that reads only the frame and the settings; safe on any thread.
    public let preparer: FramePreparer
    private let pixelCount: Int
    private let table = ColorTable()
    /// Pass 2's index buffers, shared with the mappers (`GIFIndexBuffers`).
    private let indexBuffers: GIFIndexBuffers
    /// The mapper `add` uses, made on its first frame (a caller mapping on threads never needs it).
    private var ownMapper: GIFFrameMapper?
    /// The LZW coder of the frames `add` and `finish` code on this thread.
    private lazy var ownCoder = GIFImageCoder()
    /// Target words of the frame `analyze(_ frame:)` counts, made on its first call.
    private var analyzeTarget: UnsafeMutablePointer<UInt32>?
    private var paletteBuilt = false
    private var writer: GIFWriter?
    /// The palette (0x00BBGGRR words) once built; the transparent entry is `palette.count`.
    public private(set) var palette: [UInt32] = []
    private var transparentIndex: UInt8 = 0

    /// What a viewer shows after the last placed frame is drawn (transparent index = transparent).
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
        indexBuffers = GIFIndexBuffers(count: width * height)
        preparer = FramePreparer(width: width, height: height, options: options)
        canvas = .allocate(capacity: pixelCount)
    }

    deinit {
        canvas.deallocate()
        analyzeTarget?.deallocate()
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

    /// The per-frame work of the encoder that needs only the frame and the settings: target
    /// colours and their runs (pass 1). A value, so any thread may run it.
    public struct FramePreparer: Sendable {
        public let width: Int, height: Int
        public let options: GIFEncodeOptions

        func checkSize(_ frame: Pixmap) throws(GIFEncodeError) {
            guard frame.width == width, frame.height == height else {
                throw GIFEncodeError("frame is \(frame.width)x\(frame.height), the animation \(width)x\(height)")
            }
        }

        /// Converts a premultiplied frame to target words (opaque colour or transparent) per `options`
        /// (four pixels per step: `TargetConvert`).
        func convert(_ frame: Pixmap, into t: UnsafeMutablePointer<UInt32>) {
            let (w, h, stride) = (width, height, frame.stride)
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

        /// Pass 1's per-frame part: the frame's opaque colours as runs, in pixel order, each run
        /// as long as a colour repeats (transparent pixels between do not break it: they are not
        /// counted). Counting the runs in order is counting the pixels one by one in order.
        public func runs(_ frame: Pixmap) throws(GIFEncodeError) -> GIFColorRuns {
            try runs(frame, keepingTarget: false).runs
        }

        /// `runs(_:)`, and with `keepingTarget` the frame's target words too, compactly, for pass 2
        /// to map (`GIFFrameMapper.map(_:)`) instead of drawing the frame again or keeping its pixels:
        /// a flat icon's 512x512 frame is a few thousand runs, not a megabyte.
        ///
        /// `words` is the calling thread's buffer for the frame's target words (one is made for the
        /// call without it): a fresh megabyte a frame is a megabyte of page faults a frame.
        public func runs(_ frame: Pixmap, keepingTarget: Bool,
                         words: GIFWordBuffer? = nil) throws(GIFEncodeError) -> (runs: GIFColorRuns, target: GIFTargetFrame?) {
            try checkSize(frame)
            let n = width * height
            var runs = GIFColorRuns()
            if let words, words.count != n { throw GIFEncodeError("a word buffer of \(words.count) pixels for a frame of \(n)") }
            let own = words == nil ? GIFWordBuffer(count: n) : nil
            defer { withExtendedLifetime(own) {} }  // `target` is its memory
            let target = (words ?? own!).words
            convert(frame, into: target)
            // Every run, transparent ones too, while they take less room than the words would.
            var kept = keepingTarget && n <= Int(UInt32.max) ? GIFColorRuns() : nil
            let keptLimit = n / 2
            // A run is extended in a tight loop (as `ColorTable.addRuns` does); a run of the colour
            // appended last (transparent pixels between) joins it.
            var lastColor = TargetPixel.transparent
            var i = 0
            while i < n {
                let c = target[i]
                var j = i &+ 1
                while j < n && target[j] == c { j &+= 1 }
                let run = UInt32(truncatingIfNeeded: j - i)
                if c != TargetPixel.transparent {
                    if c == lastColor { runs.counts[runs.counts.count - 1] &+= run }
                    else { runs.colors.append(c); runs.counts.append(run); lastColor = c }
                }
                if kept != nil {
                    kept!.colors.append(c)
                    kept!.counts.append(run)
                    if kept!.colors.count > keptLimit { kept = nil }
                }
                i = j
            }
            guard keepingTarget else { return (runs, nil) }
            if let kept { return (runs, GIFTargetFrame(storage: .runs(kept))) }
            return (runs, GIFTargetFrame(storage: .words(Array(UnsafeBufferPointer(start: target, count: n)))))
        }
    }

    /// Pass 1: counts the frame's colours into the animation's histogram.
    ///
    /// One thread's path: converts into the encoder's own buffer and counts the runs straight
    /// into the table (`ColorTable.addRuns`, the probe inline); the same counts in the same order
    /// of first insertion as `analyze(preparer.runs(frame))`, without the runs' arrays.
    public func analyze(_ frame: Pixmap) throws(GIFEncodeError) {
        try preparer.checkSize(frame)
        guard !paletteBuilt else { throw GIFEncodeError("analyze() after the palette was built") }
        if analyzeTarget == nil { analyzeTarget = .allocate(capacity: pixelCount) }
        preparer.convert(frame, into: analyzeTarget!)
        table.addRuns(analyzeTarget!, count: pixelCount, skip: TargetPixel.transparent)
        analyzedFrames += 1
    }

    /// Pass 1, in play order: counts a frame's colours (`preparer.runs`) into the histogram.
    /// Dependency rule: the histogram's order (and so the palette) depends on the order frames
    /// are counted in, so this step runs in order; the runs depend on the frame alone.
    public func analyze(_ runs: GIFColorRuns) throws(GIFEncodeError) {
        guard !paletteBuilt else { throw GIFEncodeError("analyze() after the palette was built") }
        guard runs.colors.count == runs.counts.count else { throw GIFEncodeError("colour runs without their counts") }
        runs.colors.withUnsafeBufferPointer { c in
            runs.counts.withUnsafeBufferPointer { n in
                guard let cb = c.baseAddress, let nb = n.baseAddress else { return }  // no opaque pixel
                table.addCounts(cb, nb, count: c.count)
            }
        }
        analyzedFrames += 1
    }

    /// Builds the palette from the colours analysed so far (`add` does it before its first frame).
    public func buildPalette() throws(GIFEncodeError) {
        guard !paletteBuilt else { return }
        guard analyzedFrames > 0 else { throw GIFEncodeError("no frames were analysed") }
        let (colors, counts) = table.entries()
        var p = PaletteBuilder.palette(colors: colors, weights: counts, maxColors: options.maxColors - 1)
        if p.isEmpty { p = [0] }  // every pixel transparent: one dummy colour
        palette = p
        transparentIndex = UInt8(p.count)
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
        paletteBuilt = true
    }

    /// Makes mappers for other threads, after `buildPalette()`. Each thread makes its own with
    /// `make()`; they map every analysed colour as this encoder's own mapper does.
    public func mapperFactory() throws(GIFEncodeError) -> GIFMapperFactory {
        guard paletteBuilt else { throw GIFEncodeError("mapperFactory() before buildPalette()") }
        return GIFMapperFactory(preparer: preparer, palette: palette, transparentIndex: transparentIndex,
                                table: ColorTable(copying: table), buffers: indexBuffers)
    }

    /// Pass 2: adds a frame shown for `delayCentiseconds`.
    public func add(_ frame: Pixmap, delayCentiseconds: Int) throws(GIFEncodeError) {
        try preparer.checkSize(frame)
        guard !finished else { throw GIFEncodeError("add() after finish()") }
        if !paletteBuilt {
            if analyzedFrames == 0 { try analyze(frame) }
            try buildPalette()
        }
        if ownMapper == nil {
            // This encoder's own mapper keeps the animation's table (unseen colours join it, as
            // they always did); mappers on other threads get copies.
            ownMapper = GIFFrameMapper(preparer: preparer, mapper: PaletteMapper(palette: palette, table: table),
                                       transparentIndex: transparentIndex, buffers: indexBuffers)
        }
        let mapped = try ownMapper!.map(frame)
        if let done = try place(mapped, delayCentiseconds: delayCentiseconds) { try append(try done.encode(using: ownCoder)) }
    }

    /// Bounding box of the pixels whose index differs from what is shown (`near`: by more than the
    /// unchanged tolerance; nil: at all), or nil. Eight indices per compare (`IndexDiff`).
    private func changedBox(_ cur: UnsafePointer<UInt8>, near: UnsafePointer<Bool>?) -> IndexDiff.Box? {
        guard let near else { return IndexDiff.box(cur, canvas, width: width, height: height, IndexDiffDiffers()) }
        return IndexDiff.box(cur, canvas, width: width, height: height, IndexDiffNotClose(close: near))
    }

    /// Bounding box of the pixels that turn transparent (transparent now, not transparent shown), or nil.
    private func clearedBox(_ cur: UnsafePointer<UInt8>) -> IndexDiff.Box? {
        IndexDiff.box(cur, canvas, width: width, height: height, IndexDiffCleared(transparent: transparentIndex))
    }

    /// Pass 2, in play order: places a mapped frame shown for `delayCentiseconds` on the canvas and
    /// returns the frame before it, now final, to LZW-code (`encode`) and `append` (nil when this
    /// frame is the first, or merged into the one before).
    ///
    /// Dependency rule: a frame is stored against the canvas, which drifts within the unchanged
    /// tolerance (a pixel close to what is shown is left as shown) and whose cleared areas depend
    /// on the frame before's rectangle; so frames are placed in order, one at a time. Mapping
    /// before it and LZW after it depend only on the frame they are given. The frame's index
    /// buffer goes back to the mappers.
    public func place(_ frame: consuming GIFMappedFrame, delayCentiseconds: Int) throws(GIFEncodeError) -> GIFFinishedFrame? {
        guard !finished else { throw GIFEncodeError("place() after finish()") }
        guard paletteBuilt else { throw GIFEncodeError("place() before buildPalette()") }
        guard frame.indices.count == pixelCount, frame.transparentIndex == transparentIndex else {
            throw GIFEncodeError("the mapped frame is not of this animation")
        }
        let done = frame.indices.withUnsafeBufferPointer { place($0.baseAddress!, delay: max(0, delayCentiseconds)) }
        var indices: [UInt8] = []
        swap(&indices, &frame.indices)  // the only reference now, so a mapper can write it in place
        indexBuffers.give(indices)
        return done
    }

    private func place(_ cur: UnsafePointer<UInt8>, delay: Int) -> GIFFinishedFrame? {
        let t = transparentIndex
        let cv = canvas
        guard var prev = pending else {
            // First frame: the canvas starts transparent; crop to what is not.
            var r = (x0: 0, y0: 0, x1: width, y1: height)
            // The canvas is still all transparent, so "differs from it" is "not transparent".
            if options.optimizeFrames { r = changedBox(cur, near: nil) ?? (0, 0, 1, 1) }
            pending = Pending(x: r.x0, y: r.y0, w: r.x1 - r.x0, h: r.y1 - r.y0,
                              data: copyRect(cur, r, leaveUnchanged: false), delay: delay)
            cv.update(from: cur, count: pixelCount)
            return nil
        }
        let lossy = options.optimizeFrames
        return close.withUnsafeBufferPointer { nearTable -> GIFFinishedFrame? in
            let near = lossy ? nearTable.baseAddress : nil
            guard let changed = changedBox(cur, near: near) else {
                // Nothing changed: the previous frame simply shows longer.
                prev.delay += delay
                pending = prev
                return nil
            }
            // Pixels that must turn transparent cannot be drawn over: the previous frame's rectangle is
            // cleared by its disposal instead, grown to cover them.
            let clear = clearedBox(cur)
            if let clear {
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
            let done = finished(prev)
            var r = (x0: 0, y0: 0, x1: width, y1: height)
            // The box found above holds unless clearing changed the canvas (frames are placed one
            // at a time, so each full-frame scan skipped here is time off the critical path).
            if options.optimizeFrames { r = (clear == nil ? changed : changedBox(cur, near: near)) ?? (0, 0, 1, 1) }
            pending = Pending(x: r.x0, y: r.y0, w: r.x1 - r.x0, h: r.y1 - r.y0,
                              data: copyRect(cur, r, leaveUnchanged: options.optimizeFrames), delay: delay)
            if !options.optimizeFrames { cv.update(from: cur, count: pixelCount) }
            return done
        }
    }

    /// The current frame's indices inside `r`; with `leaveUnchanged`, pixels equal to the canvas
    /// become the transparent index (draw nothing there).
    private func copyRect(_ cur: UnsafePointer<UInt8>, _ r: (x0: Int, y0: Int, x1: Int, y1: Int), leaveUnchanged: Bool) -> [UInt8] {
        let w = r.x1 - r.x0, h = r.y1 - r.y0, t = transparentIndex
        let cv = canvas, width = self.width
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

    private func finished(_ f: Pending) -> GIFFinishedFrame {
        GIFFinishedFrame(x: f.x, y: f.y, w: f.w, h: f.h, data: f.data, delay: f.delay, disposal: f.disposal,
                         transparentIndex: transparentIndex, colorMapSize: GIFWriter.colorMapSize(palette.count + 1))
    }

    /// In play order: writes a frame `place` (or `finishLast`) finished, once LZW-coded.
    public func append(_ frame: GIFEncodedFrame) throws(GIFEncodeError) {
        guard !finished, let writer else { throw GIFEncodeError("append() before buildPalette() or after finish()") }
        try writer.putEncodedFrame(x: frame.x, y: frame.y, width: frame.w, height: frame.h, data: frame.lzw,
                                   delayCentiseconds: frame.delay, disposal: frame.disposal,
                                   transparentIndex: frame.transparentIndex)
        writtenFrames += 1
    }

    /// After the last `place`: the last frame, now final (its delay is known), to encode and
    /// `append` before `finish()`; nil when there is none left.
    public func finishLast() -> GIFFinishedFrame? {
        defer { pending = nil }
        return pending.map(finished)
    }

    /// Bytes of the file encoded so far (the last added frame is written when the next one comes).
    public var encodedBytes: Int { writer?.byteCount ?? 0 }

    /// Writes the last frame (unless `finishLast` handed it over) and the trailer; returns the GIF file.
    public func finish() throws(GIFEncodeError) -> [UInt8] {
        guard !finished else { throw GIFEncodeError("finish() called twice") }
        guard writer != nil, pending != nil || writtenFrames > 0 else { throw GIFEncodeError("no frames were added") }
        if let last = finishLast() { try append(try last.encode(using: ownCoder)) }
        finished = true
        return try writer!.finish()
    }
}

/// A frame's colours as runs in pixel order (`GIFAnimationEncoder.FramePreparer.runs`).
public struct GIFColorRuns: Sendable {
    var colors: [UInt32] = []
    var counts: [UInt32] = []
}

/// A frame's target words kept from pass 1 for pass 2 (`FramePreparer.runs(_:keepingTarget:)`):
/// as runs when that is smaller, else word by word.
public struct GIFTargetFrame: Sendable {
    enum Storage {
        /// Every pixel, in order: `counts[k]` pixels of `colors[k]`.
        case runs(GIFColorRuns)
        case words([UInt32])
    }
    let storage: Storage

    /// Bytes held.
    public var byteCount: Int {
        switch storage {
        case .runs(let r): return 4 * (r.colors.count + r.counts.count)
        case .words(let w): return 4 * w.count
        }
    }

    /// Writes the frame's `count` target words to `out`.
    func expand(into out: UnsafeMutablePointer<UInt32>, count: Int) throws(GIFEncodeError) {
        switch storage {
        case .words(let words):
            guard words.count == count else { throw GIFEncodeError("kept frame has \(words.count) pixels, not \(count)") }
            words.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: count) }
        case .runs(let runs):
            var at = 0
            for (c, k) in zip(runs.colors, runs.counts) {
                let k = Int(k)
                guard k <= count - at else { throw GIFEncodeError("kept frame runs past its \(count) pixels") }
                (out + at).initialize(repeating: c, count: k)
                at += k
            }
            guard at == count else { throw GIFEncodeError("kept frame runs cover \(at) of its \(count) pixels") }
        }
    }
}

/// A frame's worth of target words one thread reuses from frame to frame
/// (`GIFAnimationEncoder.FramePreparer.runs(_:keepingTarget:words:)`).
public final class GIFWordBuffer {
    /// Words held: the frame's pixel count.
    public let count: Int
    let words: UnsafeMutablePointer<UInt32>

    public init(count: Int) {
        self.count = count
        words = .allocate(capacity: count)
    }

    deinit { words.deallocate() }
}

/// A frame mapped to the palette: one index per pixel.
public struct GIFMappedFrame: Sendable {
    var indices: [UInt8]
    let transparentIndex: UInt8
}

/// A frame whose rectangle, pixels, delay and disposal are final, waiting to be LZW-coded.
public struct GIFFinishedFrame: Sendable {
    let x: Int, y: Int, w: Int, h: Int
    let data: [UInt8]
    let delay: Int
    let disposal: GIFWriteDisposal
    let transparentIndex: UInt8
    let colorMapSize: Int

    /// LZW-codes the frame: reads only the frame, so any thread may run it. `coder` is the calling
    /// thread's own (a worker keeps one for all its frames); without it one is made for this call.
    public func encode(using coder: GIFImageCoder? = nil) throws(GIFEncodeError) -> GIFEncodedFrame {
        let lzw = try data.withUnsafeBufferPointer { (p) throws(GIFEncodeError) in
            try GIFWriter.encodeImage(width: w, height: h, pixels: p.baseAddress!, rowStride: w, colorMapSize: colorMapSize,
                                      coder: coder)
        }
        return GIFEncodedFrame(x: x, y: y, w: w, h: h, lzw: lzw, delay: delay, disposal: disposal,
                               transparentIndex: data.contains(transparentIndex) ? transparentIndex : nil)
    }
}

/// A finished frame's image data, LZW-coded, ready to `append`.
public struct GIFEncodedFrame: Sendable {
    let x: Int, y: Int, w: Int, h: Int
    let lzw: [UInt8]
    let delay: Int
    let disposal: GIFWriteDisposal
    let transparentIndex: UInt8?
}

/// Makes palette mappers for other threads (`GIFAnimationEncoder.mapperFactory()`).
public struct GIFMapperFactory: @unchecked Sendable {  // `table` is never changed: each mapper copies it
    let preparer: GIFAnimationEncoder.FramePreparer
    let palette: [UInt32]
    let transparentIndex: UInt8
    let table: ColorTable
    let buffers: GIFIndexBuffers

    /// A mapper for the calling thread.
    public func make() -> GIFFrameMapper {
        GIFFrameMapper(preparer: preparer, mapper: PaletteMapper(palette: palette, table: ColorTable(copying: table)),
                       transparentIndex: transparentIndex, buffers: buffers)
    }
}

/// Maps frames to the palette (pass 2's per-frame part), dithering as the options say. It keeps
/// caches, so each thread has its own; every one maps a frame to the same indices.
public final class GIFFrameMapper {
    let preparer: GIFAnimationEncoder.FramePreparer
    private let mapper: PaletteMapper
    private let transparentIndex: UInt8
    private let target: UnsafeMutablePointer<UInt32>
    private let buffers: GIFIndexBuffers

    init(preparer: GIFAnimationEncoder.FramePreparer, mapper: PaletteMapper, transparentIndex: UInt8, buffers: GIFIndexBuffers) {
        self.preparer = preparer
        self.mapper = mapper
        self.transparentIndex = transparentIndex
        self.buffers = buffers
        target = .allocate(capacity: preparer.width * preparer.height)
    }

    deinit { target.deallocate() }

    /// The frame's palette indices (transparent pixels: the transparent index).
    public func map(_ frame: Pixmap) throws(GIFEncodeError) -> GIFMappedFrame {
        try preparer.checkSize(frame)
        preparer.convert(frame, into: target)
        return mapTarget()
    }

    /// `map(_:)` of a frame pass 1 kept (`FramePreparer.runs(_:keepingTarget:)`): the same indices.
    public func map(_ frame: GIFTargetFrame) throws(GIFEncodeError) -> GIFMappedFrame {
        try frame.expand(into: target, count: preparer.width * preparer.height)
        return mapTarget()
    }

    /// Maps the words in `target`.
    private func mapTarget() -> GIFMappedFrame {
        let (w, h) = (preparer.width, preparer.height)
        var indices = buffers.take()
        indices.withUnsafeMutableBufferPointer { out in
            mapper.map(target, width: w, height: h, into: out.baseAddress!, transparentIndex: transparentIndex,
                       dither: preparer.options.dither)
        }
        return GIFMappedFrame(indices: indices, transparentIndex: transparentIndex)
    }
}

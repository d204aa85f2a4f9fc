#if canImport(Glibc)
import Glibc
#endif
import CZlib
import CYLRaster

/// How to encode an animated PNG.
public struct APNGEncodeOptions: Sendable, Equatable {
    /// zlib level 0-9. Levels 0-4 write rows unfiltered (fast, and smaller on flat-colour icons);
    /// 5 and up choose a filter per row (slower, smaller on gradients and photos).
    public var compressionLevel: Int
    /// `acTL` num_plays: how many times the animation plays in all; 0 = forever.
    public var plays: Int
    /// Keep an alpha channel (RGBA); without it the image is written as RGB (alpha dropped).
    public var alpha: Bool
    /// Crop frames after the first to the rectangle that changed (blend SOURCE, dispose NONE).
    public var optimizeFrames: Bool

    public init(compressionLevel: Int = 1, plays: Int = 0, alpha: Bool = true, optimizeFrames: Bool = true) {
        self.compressionLevel = compressionLevel
        self.plays = plays
        self.alpha = alpha
        self.optimizeFrames = optimizeFrames
    }
}

/// Why an APNG could not be written.
public struct APNGEncodeError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "APNG encoder: \(message)" }
}

/// One frame made ready to append (`APNGEncoder.FramePreparer.prepare`): the rectangle that
/// changed since the frame before, deflated, or nothing when no pixel changed.
public struct APNGPreparedFrame: Sendable {
    /// x, y, width, height of the stored rectangle; nil: the frame repeats the one before.
    var rect: (x: Int, y: Int, w: Int, h: Int)?
    var zdata: [UInt8]
}

/// Writes animated PNG (the APNG extension: `acTL`, `fcTL`, `fdAT` chunks) over zlib, since
/// Debian's libpng has no APNG support. Frames are added one at a time; a frame identical to the one
/// before is merged into it (durations add up). One frame in all gives a plain PNG.
///
/// Frame delays are written as exact fractions `delay_num/delay_den` (both 16-bit), so 30 fps is
/// 1/30 s, not a rounded 33 ms.
///
/// `add` is `preparer.words`, `preparer.prepare` and `append` in a row; a caller with threads runs
/// the first two for many frames at once (they read only the frames given) and appends in order.
public final class APNGEncoder {
    public let width: Int, height: Int
    public let options: APNGEncodeOptions
    /// The per-frame work that depends on nothing but the frames it is given; safe on any thread.
    public let preparer: FramePreparer
    private var previous: [UInt32] = []
    /// `add`'s zlib stream, reused frame after frame.
    private let scratch = APNGScratch()
    private var frames: [(x: Int, y: Int, w: Int, h: Int, zdata: [UInt8], duration: Duration)] = []

    public init(width: Int, height: Int, options: APNGEncodeOptions = APNGEncodeOptions()) throws(APNGEncodeError) {
        guard width > 0, height > 0, width <= 0x7FFF_FFFF / 8, height <= 0x7FFF_FFFF else {
            throw APNGEncodeError("invalid size \(width)x\(height)")
        }
        guard (0...9).contains(options.compressionLevel) else {
            throw APNGEncodeError("compression level \(options.compressionLevel) is not in 0...9")
        }
        self.width = width
        self.height = height
        self.options = options
        preparer = FramePreparer(width: width, height: height, options: options)
    }

    /// Frames so far, after merging unchanged ones.
    public var frameCount: Int { frames.count }

    /// Compressed bytes of the frames so far (the file is these plus about 40 bytes a frame).
    public private(set) var encodedBytes = 0

    /// Adds a premultiplied frame shown for `duration`.
    public func add(_ frame: Pixmap, duration: Duration) throws(APNGEncodeError) {
        let words = try preparer.words(frame)
        try append(try preparer.prepare(words, previous: frames.isEmpty ? nil : previous, scratch: scratch), duration: duration)
        previous = words
    }

    /// Appends a frame `preparer.prepare` made, in the order the frames play. It must have been
    /// prepared against the frame appended just before (nil for the first).
    public func append(_ frame: APNGPreparedFrame, duration: Duration) throws(APNGEncodeError) {
        guard let r = frame.rect else {
            guard !frames.isEmpty else { throw APNGEncodeError("the first frame cannot repeat a frame before it") }
            frames[frames.count - 1].duration += duration
            return
        }
        encodedBytes += frame.zdata.count
        frames.append((r.x, r.y, r.w, r.h, frame.zdata, duration))
    }

    /// The per-frame work of the encoder: straight pixels, the changed rectangle, row filters and
    /// deflate. A value that reads only the frames it is given, so any thread may run it.
    public struct FramePreparer: Sendable {
        public let width: Int, height: Int
        public let options: APNGEncodeOptions
        private let channels: Int

        init(width: Int, height: Int, options: APNGEncodeOptions) {
            self.width = width
            self.height = height
            self.options = options
            channels = options.alpha ? 4 : 3
        }

        /// The frame's straight RGBA as little-endian words (alpha forced opaque without alpha):
        /// what `prepare` compares and stores.
        public func words(_ frame: Pixmap) throws(APNGEncodeError) -> [UInt32] {
            guard frame.width == width, frame.height == height else {
                throw APNGEncodeError("frame is \(frame.width)x\(frame.height), the animation \(width)x\(height)")
            }
            return frame.straightWords(orMask: options.alpha ? 0 : 0xFF00_0000)
        }

        /// Prepares a frame given the words of the frame appended before it (nil for the first).
        ///
        /// Dependency rule: the result depends only on `words` and `previous`. A frame merged into
        /// the one before is identical to it, so "the frame appended before" is simply the frame
        /// before in play order: frame i needs frames i-1 and i, never the output so far.
        public func prepare(_ words: [UInt32], previous: [UInt32]?) throws(APNGEncodeError) -> APNGPreparedFrame {
            try prepare(words, previous: previous, scratch: APNGScratch())
        }

        /// `prepare(_:previous:)` with the calling thread's `APNGScratch` (its zlib stream is reused).
        public func prepare(_ words: [UInt32], previous: [UInt32]?, scratch: APNGScratch) throws(APNGEncodeError) -> APNGPreparedFrame {
            var rect = (x0: 0, y0: 0, x1: width, y1: height)
            if let previous {
                guard let r = changedRect(words, previous) else { return APNGPreparedFrame(rect: nil, zdata: []) }
                if options.optimizeFrames { rect = r }
            }
            let z = try compress(words, rect, scratch)
            return APNGPreparedFrame(rect: (rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0), zdata: z)
        }

        private func changedRect(_ words: [UInt32], _ previous: [UInt32]) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
            var x0 = width, y0 = height, x1 = -1, y1 = -1
            words.withUnsafeBufferPointer { cur in
                previous.withUnsafeBufferPointer { prev in
                    for y in 0..<height {
                        let row = y * width
                        // Most rows of an icon's frame are as they were: one memcmp each. In a row
                        // that changed, only its first and last change matter.
                        if memcmp(cur.baseAddress! + row, prev.baseAddress! + row, width * 4) == 0 { continue }
                        var first = 0, last = width - 1
                        while cur[row + first] == prev[row + first] { first += 1 }
                        while cur[row + last] == prev[row + last] { last -= 1 }
                        if y0 == height { y0 = y }
                        y1 = y
                        x0 = min(x0, first); x1 = max(x1, last)
                    }
                }
            }
            return x1 < 0 ? nil : (x0, y0, x1 + 1, y1 + 1)
        }

        /// Filters the rectangle's rows and deflates them (a zlib stream, as IDAT/fdAT carry), one row
        /// at a time: memory is a few rows plus the compressed output, never the whole filtered frame
        /// (that and zlib's worst-case output buffer cost 2 x 64 MB per 4096x4096 frame).
        private func compress(_ words: [UInt32], _ r: (x0: Int, y0: Int, x1: Int, y1: Int),
                              _ scratch: APNGScratch) throws(APNGEncodeError) -> [UInt8] {
            let w = r.x1 - r.x0, h = r.y1 - r.y0, bpp = channels
            let rowBytes = w * bpp
            let adaptive = options.compressionLevel >= 5
            var prevRow = [UInt8](repeating: 0, count: rowBytes), curRow = prevRow
            var candidate = adaptive ? prevRow : [], best = candidate
            var line = [UInt8](repeating: 0, count: rowBytes + 1)
            let deflater = try scratch.deflater(level: options.compressionLevel)
            try words.withUnsafeBufferPointer { (src) throws(APNGEncodeError) in
                for yy in 0..<h {
                    let s = (r.y0 + yy) * width + r.x0
                    curRow.withUnsafeMutableBufferPointer { c in
                        if bpp == 4 {
                            UnsafeMutableRawPointer(c.baseAddress!).copyMemory(from: src.baseAddress! + s, byteCount: rowBytes)
                        } else {
                            for x in 0..<w {
                                let p = src[s + x]
                                c[x * 3] = UInt8(p & 0xFF); c[x * 3 + 1] = UInt8((p >> 8) & 0xFF); c[x * 3 + 2] = UInt8((p >> 16) & 0xFF)
                            }
                        }
                    }
                    if !adaptive {
                        line[0] = 0
                        line.withUnsafeMutableBufferPointer { d in
                            curRow.withUnsafeBufferPointer { c in
                                UnsafeMutableRawPointer(d.baseAddress! + 1).copyMemory(from: c.baseAddress!, byteCount: rowBytes)
                            }
                        }
                    } else {
                        var bestType: UInt8 = 0, bestScore = Int.max
                        for type in UInt8(0)...4 {
                            let score = APNGEncoder.filter(type, cur: curRow, prev: prevRow, bpp: bpp, into: &candidate)
                            if score < bestScore { bestScore = score; bestType = type; swap(&best, &candidate) }
                        }
                        line[0] = bestType
                        for i in 0..<rowBytes { line[1 + i] = best[i] }
                    }
                    try deflater.add(line, finish: yy == h - 1)
                    swap(&prevRow, &curRow)
                }
            }
            return deflater.takeOutput()
        }
    }

    /// Applies PNG filter `type` to a row; returns the sum of absolute signed bytes (the usual heuristic).
    static func filter(_ type: UInt8, cur: [UInt8], prev: [UInt8], bpp: Int, into out: inout [UInt8]) -> Int {
        var score = 0
        let n = cur.count
        cur.withUnsafeBufferPointer { c in prev.withUnsafeBufferPointer { p in out.withUnsafeMutableBufferPointer { o in
            for i in 0..<n {
                let a = i >= bpp ? Int(c[i - bpp]) : 0, b = Int(p[i]), cc = i >= bpp ? Int(p[i - bpp]) : 0
                let pred: Int
                switch type {
                case 0: pred = 0
                case 1: pred = a
                case 2: pred = b
                case 3: pred = (a + b) >> 1
                default:
                    let pa = abs(b - cc), pb = abs(a - cc), pc = abs(a + b - 2 * cc)
                    pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : cc)
                }
                let v = UInt8(truncatingIfNeeded: Int(c[i]) - pred)
                o[i] = v
                score += v < 128 ? Int(v) : 256 - Int(v)
            }
        }}}
        return score
    }

    /// The PNG file: a plain PNG for one frame, an APNG otherwise.
    public func finish() throws(APNGEncodeError) -> [UInt8] {
        guard !frames.isEmpty else { throw APNGEncodeError("no frames were added") }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(encodedBytes + 64 * frames.count + 64)
        var ihdr: [UInt8] = []
        ihdr.be32(width); ihdr.be32(height)
        ihdr += [8, options.alpha ? 6 : 2, 0, 0, 0]
        Self.chunk("IHDR", ihdr, into: &out)
        let animated = frames.count > 1
        if animated {
            var actl: [UInt8] = []
            actl.be32(frames.count); actl.be32(max(0, options.plays))
            Self.chunk("acTL", actl, into: &out)
        }
        var sequence = 0
        for i in frames.indices {
            let f = frames[i]
            if animated {
                let (num, den) = DelayFraction.approximate(seconds: f.duration.secondsValue)
                var fctl: [UInt8] = []
                fctl.be32(sequence); sequence += 1
                fctl.be32(f.w); fctl.be32(f.h); fctl.be32(f.x); fctl.be32(f.y)
                fctl.be16(Int(num)); fctl.be16(Int(den))
                fctl += [0, 0]  // dispose NONE, blend SOURCE
                Self.chunk("fcTL", fctl, into: &out)
            }
            // Large streams are split so no chunk exceeds 1 MiB (any size up to 2^31-1 is legal).
            var start = 0
            repeat {
                let end = min(f.zdata.count, start + (1 << 20))
                if i == 0 {
                    Self.chunk("IDAT", Array(f.zdata[start..<end]), into: &out)
                } else {
                    var fdat: [UInt8] = []
                    fdat.reserveCapacity(end - start + 4)
                    fdat.be32(sequence); sequence += 1
                    fdat += f.zdata[start..<end]
                    Self.chunk("fdAT", fdat, into: &out)
                }
                start = end
            } while start < f.zdata.count
            frames[i].zdata = []  // written: free it, so the frames and the file are not both held whole
        }
        Self.chunk("IEND", [], into: &out)
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        out.be32(data.count)
        let start = out.count
        out += Array(type.utf8)
        out += data
        let crc = out.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress! + start, uInt(out.count - start))) }
        out.be32(Int(crc))
    }
}

/// Frame delays as 16-bit fractions of a second (APNG's `delay_num/delay_den`).
public enum DelayFraction {
    /// The closest fraction with numerator and denominator at most 65535 (continued fractions).
    public static func approximate(seconds x: Double) -> (num: UInt16, den: UInt16) {
        guard x > 0, x.isFinite else { return (0, 1) }
        if x >= 65535 { return (65535, 1) }
        var (h0, h1) = (0.0, 1.0), (k0, k1) = (1.0, 0.0)
        var v = x
        var best = (num: UInt16(max(0, min(65535, x.rounded()))), den: UInt16(1))
        for _ in 0..<40 {
            let a = v.rounded(.down)
            let h = a * h1 + h0, k = a * k1 + k0
            if h > 65535 || k > 65535 { break }
            best = (UInt16(h), UInt16(k))
            if abs(h / k - x) < 1e-12 { break }
            (h0, h1) = (h1, h); (k0, k1) = (k1, k)
            let f = v - a
            if f < 1e-12 { break }
            v = 1 / f
        }
        if best.num == 0 { return (1, UInt16(min(65535, (1 / x).rounded()))) }
        return best
    }
}

extension Duration {
    /// Seconds as a Double (CYLTimeline has the same; codecs do not import it).
    var secondsValue: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}

extension Array where Element == UInt8 {
    mutating func be32(_ v: Int) {
        append(UInt8((v >> 24) & 0xFF)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
    mutating func be16(_ v: Int) {
        append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}

/// What one thread reuses from one APNG frame to the next (`FramePreparer.prepare(_:previous:scratch:)`):
/// the zlib stream, whose deflateInit allocates and faults in about 300 KB, and its output
/// buffer. Use one per thread; never share one between threads.
public final class APNGScratch {
    private var stream: RowDeflater?

    public init() {}

    /// A stream at `level` ready for a new frame.
    fileprivate func deflater(level: Int) throws(APNGEncodeError) -> RowDeflater {
        if let stream, stream.level == level {
            try stream.reset()
            return stream
        }
        let made = try RowDeflater(level: level)
        stream = made
        return made
    }
}

/// A zlib stream fed row by row; owns the z_stream from deflateInit to deflateEnd.
private final class RowDeflater {
    let level: Int
    private var stream = z_stream()
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// The compressed bytes so far.
    private var output: [UInt8] = []

    init(level: Int) throws(APNGEncodeError) {
        self.level = level
        let rc = deflateInit_(&stream, Int32(level), ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else { throw APNGEncodeError("zlib deflateInit failed (\(rc))") }
    }

    /// Starts a new stream with the same settings, keeping zlib's memory and the output's capacity.
    func reset() throws(APNGEncodeError) {
        let rc = deflateReset(&stream)
        guard rc == Z_OK else { throw APNGEncodeError("zlib deflateReset failed (\(rc))") }
        output.removeAll(keepingCapacity: true)
    }

    /// The finished stream, exactly sized (the buffer it grew in keeps up to twice its size as
    /// capacity, and stays for the next frame).
    func takeOutput() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: output.count) { buf, n in
            _ = buf.initialize(from: output)
            n = output.count
        }
    }

    deinit { deflateEnd(&stream) }

    /// Compresses `data`; with `finish`, ends the stream.
    func add(_ data: [UInt8], finish: Bool) throws(APNGEncodeError) {
        var rc: Int32 = Z_OK
        data.withUnsafeBufferPointer { d in
            stream.next_in = UnsafeMutablePointer(mutating: d.baseAddress)
            stream.avail_in = uInt(d.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { c in
                    stream.next_out = c.baseAddress
                    stream.avail_out = uInt(c.count)
                    rc = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    output.append(contentsOf: c[0..<(c.count - Int(stream.avail_out))])
                }
            } while rc == Z_OK && (stream.avail_out == 0 || (finish && rc != Z_STREAM_END))
        }
        guard rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR else { throw APNGEncodeError("zlib deflate failed (\(rc))") }
        if finish {
            guard rc == Z_STREAM_END else { throw APNGEncodeError("zlib deflate did not finish (\(rc))") }
        }
    }
}

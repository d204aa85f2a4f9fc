import CRasterKernels
import CYLLimits

/// A pixel size: positive width and height in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(_ width: Int, _ height: Int) { self.width = width; self.height = height }
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var pixelCount: Int { width * height }
    public var description: String { "\(width)x\(height)" }
}

/// A straight-alpha or premultiplied colour with 8-bit channels.
public struct RGBA8: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let transparent = RGBA8(0, 0, 0, 0)
    public static let black = RGBA8(0, 0, 0, 255)
    public static let white = RGBA8(255, 255, 255, 255)

    /// Converts a straight-alpha colour to premultiplied (rounded to nearest).
    public var premultiplied: RGBA8 {
        let a = UInt32(self.a)
        @inline(__always) func m(_ c: UInt8) -> UInt8 { UInt8(truncatingIfNeeded: (UInt32(c) * a + 127) / 255) }
        return RGBA8(m(r), m(g), m(b), self.a)
    }

    /// Converts a premultiplied colour back to straight alpha (rounded to nearest).
    public var unpremultiplied: RGBA8 {
        if a == 0 { return .transparent }
        if a == 255 { return self }
        let a = UInt32(self.a)
        @inline(__always) func d(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
        return RGBA8(d(r), d(g), d(b), self.a)
    }
}

/// Why a pixmap could not be made.
public enum PixmapError: Error, Equatable, CustomStringConvertible, Sendable {
    case invalidSize(width: Int, height: Int)
    case tooManyPixels(width: Int, height: Int, limit: Int)
    case bufferTooSmall(needed: Int, got: Int)
    case invalidStride(stride: Int, width: Int)

    public var description: String {
        switch self {
        case let .invalidSize(w, h): return "invalid pixmap size \(w)x\(h): both sides must be at least 1"
        case let .tooManyPixels(w, h, limit):
            return "pixmap \(w)x\(h) has \(w * h) pixels, more than the limit of \(limit) (\(Limit.maxCanvasPixels))"
        case let .bufferTooSmall(needed, got): return "pixel buffer holds \(got) bytes, \(needed) needed"
        case let .invalidStride(s, w): return "row stride \(s) bytes is not a multiple of 4 at least 4 x width \(w)"
        }
    }
}

/// An image of premultiplied RGBA8 pixels, rows `stride` bytes apart.
///
/// Premultiplied storage is what the compositor and the resampler need (averaging straight-alpha
/// pixels darkens transparent edges); conversion to straight alpha happens only at the codec edge.
/// The buffer is a value (copy on write) so a frame handed to a caller is never changed under it.
public struct Pixmap: Sendable, Equatable {
    /// The default bound on `width * height` for pixmaps made from untrusted sizes (`Limits` carries the live one).
    public static let defaultMaxPixels = 64 * 1024 * 1024

    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the next; at least `4 * width`.
    public let stride: Int
    /// Premultiplied RGBA bytes, `stride * height` of them. Read-only outside this module: writers
    /// go through `withUnsafeMutablePixels` / `withUnsafeMutableBytes`, whose unchecked pointers
    /// rely on the size and stride invariants the initialisers check once.
    public private(set) var bytes: [UInt8]

    public var size: PixelSize { PixelSize(width, height) }

    /// Whether `other` is this very buffer (same storage, size and stride): identity, not `==`,
    /// which compares the bytes. The image caches key their entries by it, sound because each
    /// entry keeps its pixmap, and so the storage, alive.
    func sharesStorage(with other: Pixmap) -> Bool {
        size == other.size && stride == other.stride
            && bytes.withUnsafeBytes { a in other.bytes.withUnsafeBytes { b in a.baseAddress == b.baseAddress } }
    }

    /// A transparent pixmap. Throws for empty sizes and sizes over `maxPixels`, so an untrusted
    /// header can never make us allocate without bound.
    public init(width: Int, height: Int, maxPixels: Int = Pixmap.defaultMaxPixels) throws(PixmapError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard width <= maxPixels, height <= maxPixels, width * height <= maxPixels else {
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        self.width = width
        self.height = height
        self.stride = width * 4
        self.bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A transparent pixmap of a size already known to be valid (the caller checked it).
    public init(size: PixelSize) throws(PixmapError) {
        try self.init(width: size.width, height: size.height)
    }

    /// Wraps existing premultiplied bytes.
    public init(width: Int, height: Int, stride: Int? = nil, premultipliedBytes: [UInt8]) throws(PixmapError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        let s = stride ?? width * 4
        // Kernels read rows as packed UInt32 pixels: the stride must hold whole pixels.
        guard s >= width * 4, s & 3 == 0 else { throw .invalidStride(stride: s, width: width) }
        guard premultipliedBytes.count >= s * height else {
            throw .bufferTooSmall(needed: s * height, got: premultipliedBytes.count)
        }
        self.width = width
        self.height = height
        self.stride = s
        self.bytes = premultipliedBytes
    }

    /// Makes a pixmap from straight-alpha RGBA bytes (tightly packed), premultiplying them.
    public init(width: Int, height: Int, straightRGBA: [UInt8]) throws(PixmapError) {
        try self.init(width: width, height: height, premultipliedBytes: straightRGBA)
        premultiplyInPlace()
    }

    /// The pixel at (x, y), premultiplied. Traps when out of bounds (a programming error).
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x),\(y)) outside \(width)x\(height)")
            let i = y * stride + x * 4
            return RGBA8(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x),\(y)) outside \(width)x\(height)")
            let i = y * stride + x * 4
            bytes[i] = newValue.r; bytes[i + 1] = newValue.g; bytes[i + 2] = newValue.b; bytes[i + 3] = newValue.a
        }
    }

    // MARK: Unchecked access for kernels and codecs

    /// Calls `body` with the first pixel of row 0 as a packed `UInt32` (`r | g<<8 | b<<16 | a<<24`,
    /// the little-endian reading of the bytes) and the row pitch in pixels. The pointer is
    /// unchecked: stay inside `width × height`.
    public mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutablePointer<UInt32>, Int) throws -> R) rethrows -> R {
        let pitch = stride >> 2
        return try bytes.withUnsafeMutableBytes { raw in
            try body(raw.baseAddress!.assumingMemoryBound(to: UInt32.self), pitch)
        }
    }

    /// Read-only `withUnsafeMutablePixels`.
    public func withUnsafePixels<R>(_ body: (UnsafePointer<UInt32>, Int) throws -> R) rethrows -> R {
        let pitch = stride >> 2
        return try bytes.withUnsafeBytes { raw in
            try body(raw.baseAddress!.assumingMemoryBound(to: UInt32.self), pitch)
        }
    }

    /// Calls `body` with the premultiplied bytes (`stride * height`, rows `stride` apart), for
    /// byte-wise loops and C codecs.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Read-only `withUnsafeMutableBytes`.
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body($0) }
    }

    /// Sets every pixel to one premultiplied colour.
    public mutating func fill(_ color: RGBA8) {
        let (w, h) = (width, height)
        let packed = pack(color)
        withUnsafeMutablePixels { base, pitch in
            for y in 0..<h { (base + y * pitch).update(repeating: packed, count: w) }
        }
    }

    /// Source-over of one premultiplied colour on the pixels inside `rect` (clipped to the
    /// pixmap): the same bytes as compositing a pixmap filled with `color` at the rectangle's
    /// origin, without making that pixmap (a player drawing every frame into one buffer allocates
    /// nothing for a selected cell's background or a hairline).
    public mutating func fill(_ color: RGBA8, over rect: IntRect) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.maxX), y1 = min(height, rect.maxY)
        guard x1 > x0, y1 > y0 else { return }
        let src = pack(color)
        let inverse = 255 &- (src >> 24)
        let n = x1 - x0
        withUnsafeMutablePixels { base, pitch in
            for y in y0..<y1 {
                let d = base + y * pitch + x0
                for i in 0..<n { d[i] = src &+ scalePixel(d[i], inverse) }
            }
        }
    }

    /// Straight-alpha RGBA bytes, tightly packed, with every fully transparent pixel written as
    /// 0,0,0,0 (the convention PNG writers and the corpus hashes use).
    public func straightRGBA() -> [UInt8] {
        let count = width * height
        return [UInt8](unsafeUninitializedCapacity: count * 4) { out, n in
            UnsafeMutableRawPointer(out.baseAddress!).withMemoryRebound(to: UInt32.self, capacity: count) { words in
                writeStraight(into: words, orMask: 0)
            }
            n = count * 4
        }
    }

    /// The pixels in straight alpha as little-endian words (`r | g<<8 | b<<16 | a<<24`, rows packed
    /// `width` apart), each OR'd with `orMask` (`0xFF00_0000` makes every pixel opaque): the bytes
    /// of `straightRGBA()` as words.
    public func straightWords(orMask: UInt32 = 0) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: width * height) { out, n in
            writeStraight(into: out.baseAddress!, orMask: orMask)
            n = width * height
        }
    }

    /// Writes `straightWords` into `out` (room for `width * height` words).
    private func writeStraight(into out: UnsafeMutablePointer<UInt32>, orMask: UInt32) {
        let (w, h) = (width, height)
        withUnsafePixels { base, pitch in
            for y in 0..<h { cyl_straight_row(out + y * w, base + y * pitch, w, orMask) }
        }
    }

    /// Converts the buffer from straight to premultiplied alpha in place.
    mutating func premultiplyInPlace() {
        let (w, h, s) = (width, height, stride)
        withUnsafeMutableBytes { p in
            for y in 0..<h { cyl_premultiply_row(p.baseAddress! + y * s, w) }
        }
    }
}

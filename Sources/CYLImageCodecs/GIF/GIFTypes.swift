import CYLRaster

/// Bounds on what a GIF may make us allocate or do. Exceeding one is a `GIFError` naming the limit.
public struct GIFLimits: Sendable {
    /// Largest canvas (`width * height`) accepted: 16 Mpx, 64 MiB of RGBA.
    public static let defaultMaxCanvasPixels = 16_777_216
    /// Most frames accepted in one file.
    public static let defaultMaxFrames = 100_000

    public var maxCanvasPixels: Int
    public var maxFrames: Int

    public init(maxCanvasPixels: Int = defaultMaxCanvasPixels, maxFrames: Int = defaultMaxFrames) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxFrames = maxFrames
    }
}

/// What happens to a frame's rectangle before the next frame is drawn (Graphic Control Extension).
public enum GIFDisposal: Sendable, Equatable {
    /// Method 0 (and the reserved values 5-7): treated like `.none`.
    case unspecified
    /// Method 1: leave the frame in place.
    case none
    /// Method 2: clear the frame's rectangle to transparent (browsers ignore the background colour).
    case background
    /// Method 3 (and 4, which some encoders write): restore the canvas as it was before the frame.
    case previous

    init(gceMethod: Int) {
        switch gceMethod {
        case 1: self = .none
        case 2: self = .background
        case 3, 4: self = .previous
        default: self = .unspecified
        }
    }
}

/// What a cheap scan learns about one frame without decoding its pixels.
public struct GIFFrameInfo: Sendable, Equatable {
    public var index: Int
    /// The frame rectangle as stored in the image descriptor (not clipped).
    public var x: Int, y: Int, width: Int, height: Int
    /// Raw delay from the Graphic Control Extension, in centiseconds (0 if none).
    public var delayCentiseconds: Int
    /// The delay browsers play: 0 or 1 centisecond plays as 10, anything else as stored.
    public var playedDelayCentiseconds: Int
    public var disposal: GIFDisposal
    public var transparentIndex: Int?
    public var interlaced: Bool
    public var hasLocalPalette: Bool
    /// True when the rectangle reaches past the logical screen (it is clipped to the canvas).
    public var extendsOutsideScreen: Bool

    public init(index: Int, x: Int, y: Int, width: Int, height: Int, delayCentiseconds: Int,
                playedDelayCentiseconds: Int, disposal: GIFDisposal, transparentIndex: Int?,
                interlaced: Bool, hasLocalPalette: Bool, extendsOutsideScreen: Bool) {
        self.index = index; self.x = x; self.y = y; self.width = width; self.height = height
        self.delayCentiseconds = delayCentiseconds; self.playedDelayCentiseconds = playedDelayCentiseconds
        self.disposal = disposal; self.transparentIndex = transparentIndex; self.interlaced = interlaced
        self.hasLocalPalette = hasLocalPalette; self.extendsOutsideScreen = extendsOutsideScreen
    }

    /// The delay browsers play for a raw delay: 0 or 1 centisecond plays as 10.
    public static func playedDelay(forRaw cs: Int) -> Int { cs <= 1 ? 10 : cs }
}

/// One decoded frame: the whole canvas after compositing the frame onto what came before.
public struct GIFFrame: Sendable {
    public var info: GIFFrameInfo
    /// The whole canvas, premultiplied RGBA.
    public var image: Pixmap

    public init(info: GIFFrameInfo, image: Pixmap) { self.info = info; self.image = image }
}

/// Why a GIF could not be read. `description` is one line: `anim.gif:frame 3 (byte 1234): LZW data is corrupt`.
public struct GIFError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The file does not start with `GIF87a` or `GIF89a`.
        case notGIF
        /// The data ends before the header, the screen descriptor or the first frame is complete.
        case truncated
        /// The image data cannot be decoded (bad LZW codes, bad record, bad sizes).
        case corrupt
        /// The file has no image at all.
        case noFrames
        /// The canvas is empty (0 wide or high, and no frame to give it a size).
        case emptyCanvas
        /// The canvas has more pixels than `GIFLimits.maxCanvasPixels`.
        case canvasTooLarge(width: Int, height: Int, limit: Int)
        /// More frames than `GIFLimits.maxFrames`.
        case tooManyFrames(limit: Int)
        /// giflib reported an error we have no better word for (its code is in the message).
        case library(code: Int)
    }

    /// The input's name, as the caller gave it (usually a file path).
    public var name: String
    /// The frame being read (0-based), if the problem belongs to one.
    public var frame: Int?
    /// Bytes consumed from the input when the problem was found.
    public var offset: Int?
    public var kind: Kind
    /// What is wrong, in words.
    public var message: String

    public init(name: String, frame: Int? = nil, offset: Int? = nil, kind: Kind, message: String) {
        self.name = name; self.frame = frame; self.offset = offset; self.kind = kind; self.message = message
    }

    public var description: String {
        var loc = ""
        switch (frame, offset) {
        case let (f?, o?): loc = "frame \(f) (byte \(o))"
        case let (f?, nil): loc = "frame \(f)"
        case let (nil, o?): loc = "byte \(o)"
        case (nil, nil): loc = ""
        }
        return loc.isEmpty ? "\(name): \(message)" : "\(name):\(loc): \(message)"
    }
}

/// What a GIF holds, learned without decoding pixels (the LZW data is skipped block by block).
public struct GIFInfo: Sendable {
    /// The canvas browsers use: the logical screen, grown to hold the first frame's rectangle.
    public var canvasWidth: Int, canvasHeight: Int
    /// The logical screen as stored in the file.
    public var screenWidth: Int, screenHeight: Int
    public var frames: [GIFFrameInfo]
    /// NETSCAPE2.0/ANIMEXTS1.0 application extension: nil when absent, 0 = forever.
    public var loopCount: Int?
    public var hasGlobalPalette: Bool
    public var hasTrailer: Bool
    public var warnings: [String]

    /// Total raw duration in centiseconds and the duration browsers play.
    public var totalDelayCentiseconds: Int { frames.reduce(0) { $0 + $1.delayCentiseconds } }
    public var totalPlayedDelayCentiseconds: Int { frames.reduce(0) { $0 + $1.playedDelayCentiseconds } }

    public static func scan(bytes: [UInt8], name: String, limits: GIFLimits = .init()) throws(GIFError) -> GIFInfo {
        let stream = try GIFStream(bytes: bytes, name: name, limits: limits)
        var frames: [GIFFrameInfo] = []
        var canvas = (w: stream.screenWidth, h: stream.screenHeight)
        while let header = try stream.nextFrameHeader() {
            let f = header.info
            if f.index == 0 {
                canvas = GIFDecoder.canvasSize(screen: (stream.screenWidth, stream.screenHeight), firstFrame: f)
                try GIFDecoder.checkCanvas(canvas, stream: stream)
            }
            frames.append(f)
            if !stream.skipImageData(started: false) {
                stream.end(warning: "frame \(f.index) (byte \(stream.offset)): the file ends inside the frame's image data; the frame is shown partly decoded")
            }
        }
        if frames.isEmpty {
            throw GIFError(name: name, offset: stream.offset, kind: .noFrames, message: "the GIF has no frames")
        }
        return GIFInfo(canvasWidth: canvas.w, canvasHeight: canvas.h,
                       screenWidth: stream.screenWidth, screenHeight: stream.screenHeight,
                       frames: frames, loopCount: stream.loopCount, hasGlobalPalette: stream.hasGlobalPalette,
                       hasTrailer: stream.hasTrailer, warnings: stream.warnings)
    }
}

import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// The GIF back-end: recognises `GIF87a`/`GIF89a` content and plays it as a frame timeline.
///
/// A GIF set as a tab's animation plays once on select, like any other animation; a GIF set as the
/// tab's plain image loops forever whatever the selection (`role: .image`).
public struct GIFAnimator: CYLTabBarItemAnimator {
    /// How the tab bar uses the GIF.
    public enum Role: String, Sendable, CaseIterable {
        /// The tab's animation: plays once on select (`CYLTabBarGIFFilePath`).
        case animation
        /// The tab's plain image: loops forever (a GIF given as `CYLTabBarItemImage`).
        case image
    }

    public var role: Role
    public var formatName: String { "GIF" }

    public init(role: Role = .animation) {
        self.role = role
    }

    public func canOpen(_ probe: ContentProbe) -> Bool {
        !probe.isDirectory && (probe.starts(with: Array("GIF87a".utf8)) || probe.starts(with: Array("GIF89a".utf8)))
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        try timeline(bytes: try InputFile.read(probe.path, limits: options.limits), name: probe.path, options: options)
    }

    /// Opens a GIF already in memory; errors name `name`.
    public func timeline(bytes: [UInt8], name path: String, options: OpenOptions) throws -> FrameTimeline {
        let gifLimits = GIFLimits(maxCanvasPixels: options.limits.maxCanvasPixels, maxFrames: options.limits.maxFrames)
        let info = try GIFInfo.scan(bytes: bytes, name: path, limits: gifLimits)
        guard !info.frames.isEmpty else {
            throw OpenError(file: path, .invalid, "the GIF has no image frames")
        }
        let durations = info.frames.map { Duration.milliseconds($0.playedDelayCentiseconds * 10) }
        let loop: LoopHint
        switch info.loopCount {
        case nil: loop = .once
        case 0?: loop = .forever
        case let n?: loop = .repeats(n)
        }
        let source = GIFFrameSource(bytes: bytes, name: path, limits: gifLimits, info: info,
                                    maxCachedBytes: options.limits.maxDecodedBytes)
        let transparent = info.frames.contains { $0.transparentIndex != nil }
            || !GIFAnimator.coversScreen(info.frames[0], info)
        return FrameTimeline(
            format: formatName, file: path,
            canvasSize: PixelSize(info.canvasWidth, info.canvasHeight),
            frameCount: info.frames.count, timing: .durations(durations), loop: loop,
            suggestedPolicy: role == .image ? .loop : .playOnceOnSelect,
            hasTransparency: transparent,
            diagnostics: GIFAnimator.diagnostics(info),
            capabilities: TimelineCapabilities(isVector: false, declaresLoop: true), source: source)
    }

    static func coversScreen(_ f: GIFFrameInfo, _ info: GIFInfo) -> Bool {
        f.x <= 0 && f.y <= 0 && f.x + f.width >= info.canvasWidth && f.y + f.height >= info.canvasHeight
    }

    /// The oddities `info` reports: clamped delays, frames outside the screen, a missing trailer.
    static func diagnostics(_ info: GIFInfo) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let clamped = info.frames.filter { $0.playedDelayCentiseconds != $0.delayCentiseconds }
        if clamped.count == 1, let f = clamped.first {
            out.append(Diagnostic(.note, at: "frame \(f.index)",
                                  "delay of \(f.delayCentiseconds) cs plays as \(f.playedDelayCentiseconds) cs, as browsers do"))
        } else if !clamped.isEmpty {
            let list = clamped.prefix(8).map { String($0.index) }.joined(separator: ", ")
            out.append(Diagnostic(.note, at: "frames \(list)\(clamped.count > 8 ? ", ..." : "")",
                                  "\(clamped.count) delays of 0-1 cs play as 10 cs, as browsers do"))
        }
        for f in info.frames where f.extendsOutsideScreen {
            out.append(Diagnostic(.warning, at: "frame \(f.index)",
                                  "frame rectangle \(f.width)x\(f.height) at (\(f.x),\(f.y)) extends outside the \(info.canvasWidth)x\(info.canvasHeight) screen; clipped"))
        }
        if !info.hasTrailer {
            out.append(Diagnostic(.warning, "missing GIF trailer (file truncated?); showing the frames that were read"))
        }
        out += info.warnings.map { Diagnostic(.warning, $0) }
        return out
    }
}

/// Decodes GIF frames on demand. Composited canvases are cached while they fit the decoded-bytes
/// budget; past it, playing forward streams and seeking backward decodes again from the start.
final class GIFFrameSource: FrameSource {
    private let bytes: [UInt8]
    private let name: String
    private let limits: GIFLimits
    private let frameCount: Int
    private var decoder: GIFDecoder?
    /// Index of the frame the decoder returns next.
    private var cursor = 0
    private var cache: [Int: Pixmap] = [:]
    private let cacheAll: Bool
    private var last: (index: Int, image: Pixmap)?

    init(bytes: [UInt8], name: String, limits: GIFLimits, info: GIFInfo, maxCachedBytes: Int) {
        self.bytes = bytes
        self.name = name
        self.limits = limits
        self.frameCount = info.frames.count
        let frameBytes = info.canvasWidth * info.canvasHeight * 4
        cacheAll = frameBytes * info.frames.count <= maxCachedBytes
    }

    private init(_ other: GIFFrameSource) {
        bytes = other.bytes
        name = other.name
        limits = other.limits
        frameCount = other.frameCount
        cacheAll = true
    }

    /// A GIF whose frames all fit the cache splits: each worker decodes it once with its own
    /// decoder (a frame is composited from the ones before it) and keeps the canvases, so a tab
    /// bar's loops and restarts do not decode again. A GIF too large to keep is streamed from one
    /// decoder on one thread: workers would each decode the whole file again.
    func makeWorker() -> (any FrameSource)? { cacheAll ? GIFFrameSource(self) : nil }

    /// The composited canvas of frame `index`.
    func canvas(_ index: Int) throws -> Pixmap {
        if let hit = cache[index] { return hit }
        if let last, last.index == index { return last.image }
        if decoder == nil || index < cursor {
            if let decoder { try decoder.rewind() } else { decoder = try GIFDecoder(bytes: bytes, name: name, limits: limits) }
            cursor = 0
        }
        while cursor <= index {
            guard let frame = try decoder!.nextFrame() else {
                throw RenderError(file: name, frame: index, "the GIF ended after \(cursor) frames")
            }
            if cacheAll { cache[cursor] = frame.image }
            last = (cursor, frame.image)
            cursor += 1
        }
        return last!.image
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        try canvas(index).draw(fittedInto: &target)
    }
}

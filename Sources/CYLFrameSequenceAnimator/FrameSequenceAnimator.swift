import CYLImageCodecs
import CYLRaster
import CYLTimeline

/// The frame-sequence back-end: a directory of PNG frames in natural order (`f2.png` before
/// `f10.png`), timed by `--fps`, by a `manifest.json`, or at 30 fps by default.
public struct FrameSequenceAnimator: CYLTabBarItemAnimator {
    /// The rate used when neither `--fps` nor a manifest gives one.
    public static let defaultFPS = 30.0

    public var formatName: String { "PNG frames" }

    public init() {}

    public func canOpen(_ probe: ContentProbe) -> Bool {
        probe.isDirectory && probe.entries.contains(where: Self.isFrameName)
    }

    static func isFrameName(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.lowercased().hasSuffix(".png")
    }

    public func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline {
        let dir = probe.path.hasSuffix("/") ? String(probe.path.dropLast()) : probe.path
        let names = probe.entries.filter(Self.isFrameName).sorted(by: NaturalOrder.less)
        guard !names.isEmpty else { throw OpenError(file: dir, .invalid, "no .png frames in the directory") }
        guard names.count <= options.limits.maxFrames else {
            throw OpenError(file: dir, .invalid,
                            "\(names.count) frames, more than the limit of \(options.limits.maxFrames) (\(Limit.maxFrames))")
        }
        let paths = names.map { "\(dir)/\($0)" }

        // Every frame must have the first frame's size; read only the headers here.
        var size: PixelSize?
        for path in paths {
            let head = try InputFile.read(path, limits: options.limits)
            let (w, h) = try PNGCodec.readSize(head, name: path)
            let s = PixelSize(w, h)
            if let size, size != s {
                throw OpenError(file: path, .invalid,
                                "frame is \(s), but \(paths[0]) is \(size); all frames must be the same size")
            }
            if size == nil {
                guard w * h <= options.limits.maxCanvasPixels else {
                    throw OpenError(file: path, .invalid,
                                    "frame is \(s) = \(w * h) pixels, more than the limit of \(options.limits.maxCanvasPixels) (\(Limit.maxCanvasPixels))")
                }
                size = s
            }
        }

        var diagnostics: [Diagnostic] = []
        var manifest = FrameSequenceManifest()
        if probe.entries.contains(FrameSequenceManifest.fileName) {
            let path = "\(dir)/\(FrameSequenceManifest.fileName)"
            manifest = try FrameSequenceManifest.parse(try InputFile.read(path, limits: options.limits), name: path,
                                                       limits: options.limits)
        }
        let timing: FrameTiming
        if let fps = options.fps {
            guard FrameTiming.fpsRange.contains(fps) else {
                throw OpenError(file: dir, .invalid, "frame rate \(fps) is outside 1/3600 (one frame an hour) to 1000 fps")
            }
            timing = .fps(fps)
        } else if let ms = manifest.durationsMilliseconds {
            guard ms.count == names.count else {
                throw OpenError(file: "\(dir)/\(FrameSequenceManifest.fileName)", .invalid,
                                "durations has \(ms.count) entries but the directory has \(names.count) frames")
            }
            timing = .durations(ms.map { .milliseconds($0) })
        } else if let fps = manifest.fps {
            timing = .fps(fps)
        } else {
            timing = .fps(Self.defaultFPS)
            diagnostics.append(Diagnostic(.note, "no frame rate given; playing at \(Int(Self.defaultFPS)) fps (use --fps or manifest.json)"))
        }
        return FrameTimeline(
            format: formatName, file: dir, canvasSize: size!, frameCount: names.count, timing: timing,
            loop: manifest.loop, suggestedPolicy: .playOnceOnSelect, hasTransparency: nil,
            diagnostics: diagnostics,
            capabilities: TimelineCapabilities(isVector: false, declaresLoop: manifest.declaresLoop),
            source: PNGSequenceSource(paths: paths, limits: options.limits))
    }
}

/// Decodes PNG frames on demand, keeping decoded frames while they fit the decoded-bytes budget.
final class PNGSequenceSource: FrameSource {
    private let paths: [String]
    private let limits: Limits
    private var cache: [Int: Pixmap] = [:]
    private var cachedBytes = 0
    /// Workers render each frame once, so they keep nothing (N workers would hold N budgets).
    private let keepsFrames: Bool

    init(paths: [String], limits: Limits, keepsFrames: Bool = true) {
        self.paths = paths
        self.limits = limits
        self.keepsFrames = keepsFrames
    }

    func makeWorker() -> (any FrameSource)? { PNGSequenceSource(paths: paths, limits: limits, keepsFrames: false) }

    func frame(_ index: Int) throws -> Pixmap {
        if let hit = cache[index] { return hit }
        let bytes = try InputFile.read(paths[index], limits: limits)
        let image = try PNGCodec.decode(bytes, name: paths[index], maxPixels: limits.maxCanvasPixels)
        if keepsFrames && cachedBytes + image.bytes.count <= limits.maxDecodedBytes {
            cache[index] = image
            cachedBytes += image.bytes.count
        }
        return image
    }

    func render(frame index: Int, into target: inout Pixmap) throws {
        try frame(index).draw(fittedInto: &target)
    }
}

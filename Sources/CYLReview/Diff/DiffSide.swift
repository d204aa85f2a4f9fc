import CYLDocuments
import CYLImageCodecs
import CYLConvert
import CYLRaster
import CYLTimeline
import Foundation

/// One side of a `diff`: an animation the registry opens (any format, a folder of PNG frames
/// included), or reference frames named by their frame number through a pattern such as
/// `ref/f-%04d.png` (what `render -o ref/f-%04d.png` writes; file `f-0012.png` is frame 12).
public enum DiffSide {
    case animation(FrameTimeline)
    case references(ReferenceFrames)

    /// Opens `path`: a pattern with `%d` / `%0Nd` names reference frames, anything else is an
    /// animation for `registry`.
    public static func open(_ path: String, registry: AnimatorRegistry, options: OpenOptions) throws -> DiffSide {
        if path.contains("%") { return .references(try ReferenceFrames(pattern: path, limits: options.limits)) }
        return .animation(try registry.timeline(forPath: path, options: options))
    }

    /// The path the user gave.
    public var name: String {
        switch self {
        case .animation(let t): return t.file
        case .references(let r): return r.pattern
        }
    }

    /// Every file this side reads (outputs must not overwrite them).
    public var inputs: [String] {
        switch self {
        case .animation(let t): return t.inputs
        case .references(let r): return r.frames.map(\.path)
        }
    }

    /// A one-line account: format, frames, length.
    public var summary: String {
        switch self {
        case .animation(let t):
            return "\(t.format), \(t.frameCount) frame\(t.frameCount == 1 ? "" : "s"), \(ReviewIcon.seconds(t.duration.seconds))"
        case .references(let r):
            return "\(r.frames.count) reference PNG\(r.frames.count == 1 ? "" : "s") \(r.size), frames \(r.frames.first!.number)-\(r.frames.last!.number)"
        }
    }

    /// Frame `index` (a frame index of an animation, a reference's number) at `size`, fitted and
    /// centred like every render in this package.
    func render(_ index: Int, size: PixelSize, maxPixels: Int) throws -> Pixmap {
        switch self {
        case .animation(let t): return try t.render(frame: index, size: size)
        case .references(let r):
            let image = try r.image(number: index, maxPixels: maxPixels)
            return image.size == size ? image : try image.fitted(to: size)
        }
    }
}

/// PNG files named by frame number through a printf-style pattern (`dir/name-%04d.png`): every
/// file in `dir` whose name is the pattern's prefix, digits and suffix. All have one size.
public struct ReferenceFrames: Sendable {
    public let pattern: String
    /// Sorted by number.
    public let frames: [(number: Int, path: String)]
    public let size: PixelSize
    let limits: Limits

    public init(pattern: String, limits: Limits) throws {
        self.pattern = pattern
        self.limits = limits
        let dir = FilePath.parentDirectory(of: pattern)
        let (prefix, suffix) = try Self.split(FilePath.lastComponent(of: pattern), pattern: pattern)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
            throw OpenError(file: pattern, .notFound, "cannot list the folder '\(dir)' of the reference frames")
        }
        var found: [(Int, String)] = []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count > prefix.count + suffix.count {
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard digits.count <= 9, digits.allSatisfy(\.isASCII), let n = Int(digits), n >= 0 else { continue }
            found.append((n, !pattern.contains("/") ? name : dir == "/" ? "/" + name : dir + "/" + name))
        }
        found.sort { $0.0 < $1.0 }
        guard !found.isEmpty else { throw OpenError(file: pattern, .notFound, "no files match the pattern (looked for \(prefix)<number>\(suffix) in '\(dir)')") }
        guard found.count <= limits.maxFrames else {
            throw OpenError(file: pattern, .invalid, "\(found.count) reference frames, more than the limit of \(limits.maxFrames) (\(Limit.maxFrames))")
        }
        for i in 1..<max(1, found.count) where found[i].0 == found[i - 1].0 {
            throw OpenError(file: pattern, .invalid, "two files are this frame: '\(found[i - 1].1)' and '\(found[i].1)'",
                            location: SourceLocation(frame: found[i].0))
        }
        var size: PixelSize?
        for (number, path) in found {
            let head = try InputFile.read(path, limits: limits)
            let s = try PNGCodec.readSize(head, name: path)
            let here = PixelSize(s.width, s.height)
            if let size, size != here {
                throw OpenError(file: path, .invalid, "is \(here), but the first reference frame is \(size); reference frames have one size",
                                location: SourceLocation(frame: number))
            }
            size = here
        }
        frames = found.map { (number: $0.0, path: $0.1) }
        self.size = size!
    }

    /// The decoded reference frame numbered `number`.
    func image(number: Int, maxPixels: Int) throws -> Pixmap {
        guard let path = frames.first(where: { $0.number == number })?.path else {
            throw OpenError(file: pattern, .notFound, "no reference frame", location: SourceLocation(frame: number))
        }
        return try PNGCodec.decode(try InputFile.read(path, limits: limits), name: path, maxPixels: min(maxPixels, limits.maxCanvasPixels))
    }

    /// The pattern's file-name part around its one `%d` or `%0Nd` (`%%` is a literal `%`).
    static func split(_ name: String, pattern: String) throws(UsageError) -> (String, String) {
        var prefix = "", suffix = "", seen = false
        var chars = Array(name)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "%" {
                if chars.first == "%" { chars = chars.dropFirst(); seen ? suffix.append("%") : prefix.append("%"); continue }
                while let d = chars.first, d.isNumber { chars = chars.dropFirst() }
                guard chars.first == "d", !seen else {
                    throw UsageError("invalid reference pattern '\(pattern)': use one %d or %0Nd for the frame number, e.g. ref/f-%04d.png")
                }
                chars = chars.dropFirst()
                seen = true
                continue
            }
            if seen { suffix.append(c) } else { prefix.append(c) }
        }
        guard seen else { throw UsageError("invalid reference pattern '\(pattern)': the file name needs %d or %0Nd for the frame number") }
        return (prefix, suffix)
    }
}

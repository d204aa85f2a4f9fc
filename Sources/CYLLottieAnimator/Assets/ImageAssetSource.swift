#if canImport(Glibc)
import Glibc
#endif
import CYLImageCodecs
import CYLDocuments
import CYLRaster
import CYLTimeline

/// Where a Lottie document's image files come from: the folder beside the JSON (or `--assets
/// DIR`), or the `images/` entries of a dotLottie archive.
///
/// Paths resolve the way a player resolves them inside an app bundle: `u` (a folder) and `p` (a
/// file name) are joined and taken relative to the base folder, a leading `/` included (it means
/// the bundle's root, not the machine's). `.` and `..` are applied lexically, and a path that
/// climbs out of the base folder is refused: a file downloaded with its animation must not read
/// `../../home/...`. URLs are not fetched. An image path given on the command line (`--slot
/// id=path`) is the user's own and is read as written.
enum ImageAssetSource: Sendable {
    /// Read files under `base`. `fromOption`: the folder came from `--assets`, where (as players
    /// with a search path do) a file not found under `u` is also looked for by its name alone.
    case folder(base: String, fromOption: Bool)
    /// Read entries of a dotLottie archive (its images live in `images/`, or `i/` in version 2).
    case archive(DotLottieFile, maxEntryBytes: Int)

    /// An image file's bytes and where they were found.
    struct Found {
        var bytes: [UInt8]
        /// The file or archive entry read, for messages.
        var location: String
        /// The file read from disk, when it was one (outputs must never overwrite it).
        var file: String?
    }

    /// The bytes of the image `folder` + `name`, or why they cannot be read.
    func read(folder: String, name: String, limits: Limits) -> Result<Found, ImageAssetError> {
        let joined = folder.isEmpty || folder.hasSuffix("/") ? folder + name : folder + "/" + name
        if joined.contains("://") || joined.hasPrefix("data:") {
            return .failure(ImageAssetError(location: joined, "is a URL; remote images are not downloaded"))
        }
        guard let relative = Self.confined(joined) else {
            let empty = !joined.split(separator: "/").contains { $0 != "." && $0 != ".." }
            return .failure(ImageAssetError(location: joined.isEmpty ? "\"\"" : joined,
                                            empty ? "names no file" : "points outside the animation's folder; not read"))
        }
        switch self {
        case let .folder(base, fromOption):
            var candidates = [Self.join(base, relative)]
            if fromOption, let last = relative.split(separator: "/").last, String(last) != relative {
                candidates.append(Self.join(base, String(last)))
            }
            var firstError: ImageAssetError?
            for path in candidates {
                switch Self.readFile(path, limits: limits) {
                case .success(let found): return .success(found)
                case .failure(let e): if firstError == nil { firstError = e }
                }
            }
            return .failure(firstError!)
        case let .archive(file, maxEntryBytes):
            let last = relative.split(separator: "/").last.map(String.init) ?? relative
            // Version 1 keeps images in images/, version 2 in i/.
            let names = [relative, "images/" + relative, "images/" + last, "i/" + last]
            for entry in names where file.archive.entry(named: entry) != nil {
                do {
                    let bytes = try file.archive.read(named: entry, maxBytes: maxEntryBytes)
                    return .success(Found(bytes: bytes, location: "\(file.archive.name):\(entry)", file: nil))
                } catch {
                    return .failure(ImageAssetError(location: "\(file.archive.name):\(entry)", error.message))
                }
            }
            return .failure(ImageAssetError(location: "\(file.archive.name):images/\(last)", "no such entry in the archive"))
        }
    }

    /// The file `folder` + `name` is read from (the first place looked), or nil when it is not a
    /// file on disk (a URL, outside the folder, an archive entry).
    func path(folder: String, name: String) -> String? {
        guard case let .folder(base, fromOption) = self else { return nil }
        let joined = folder.isEmpty || folder.hasSuffix("/") ? folder + name : folder + "/" + name
        guard !joined.contains("://"), let relative = Self.confined(joined) else { return nil }
        let first = Self.join(base, relative)
        if fromOption, access(first, F_OK) != 0, let last = relative.split(separator: "/").last {
            return Self.join(base, String(last))
        }
        return first
    }

    /// Reads a file named on the command line, as written.
    static func readFile(_ path: String, limits: Limits) -> Result<Found, ImageAssetError> {
        do {
            return .success(Found(bytes: try InputFile.read(path, limits: limits), location: path, file: path))
        } catch {
            return .failure(ImageAssetError(location: path, error.message))
        }
    }

    /// `path` with `.` and empty components dropped and `..` applied, relative to the base; nil
    /// when it climbs above the base.
    static func confined(_ path: String) -> String? {
        var parts: [Substring] = []
        for c in path.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(c)
            }
        }
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: "/")
    }

    static func join(_ base: String, _ relative: String) -> String {
        base.isEmpty || base == "." ? relative : base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// Decodes PNG, JPEG or WebP, told apart by content (not by name).
    static func decode(_ bytes: [UInt8], name: String, limits: Limits) -> Result<Pixmap, ImageAssetError> {
        do {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .success(try PNGCodec.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels)) }
            if JPEGCodec.isJPEG(bytes) { return .success(try JPEGCodec.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels)) }
            if WebPDecoder.isWebP(bytes) { return .success(try WebPDecoder.decode(bytes, name: name, maxPixels: limits.maxCanvasPixels)) }
        } catch let e as PNGError {
            return .failure(ImageAssetError(location: name, "cannot be decoded: \(e.message)"))
        } catch let e as JPEGError {
            return .failure(ImageAssetError(location: name, "cannot be decoded: \(e.message)"))
        } catch {
            return .failure(ImageAssetError(location: name, "cannot be decoded: \(error)"))
        }
        let head = bytes.prefix(4).map { String($0, radix: 16) }.joined(separator: " ")
        return .failure(ImageAssetError(location: name, "is not a PNG, JPEG or WebP image (starts with \(bytes.isEmpty ? "nothing" : head))"))
    }
}

/// Why an image asset cannot be drawn: where it was looked for and what went wrong.
struct ImageAssetError: Error, Sendable {
    var location: String
    var message: String
    init(location: String, _ message: String) { self.location = location; self.message = message }
}

import CYLConvert
import CYLTimeline
import Foundation

/// What the paths given to `build`, `lint` and `review` stand for: the one place that decides which
/// files are animations, which are tab-bar configurations, which folders are one animation (PNG
/// frames) and which are searched, so the three commands agree and a new format is found
/// everywhere as soon as its animator joins the registry.
///
/// An animation is recognised by its content, through the registry (never by its extension), so a
/// `.json` that is a configuration or a build pipeline is told apart from a Lottie file.
public struct InputDiscovery: Sendable {
    /// How deep ``search(_:)`` goes below the folder it is given (default 16): deeper than any
    /// asset tree, and a bound however the folders are linked.
    public static let defaultMaxDepth = 16

    public var registry: AnimatorRegistry
    /// Folder levels searched below a given folder (``defaultMaxDepth``).
    public var maxDepth: Int
    /// Largest file read while telling a configuration from an animation.
    public var configMaxBytes: Int

    public init(registry: AnimatorRegistry, maxDepth: Int = InputDiscovery.defaultMaxDepth,
                configMaxBytes: Int = ConfigOptions().maxBytes) {
        self.registry = registry
        self.maxDepth = maxDepth
        self.configMaxBytes = configMaxBytes
    }

    /// What one path is.
    public enum Kind: Sendable, Equatable {
        /// A tab-bar configuration (JSON, JSON5, YAML or plist with the seed's keys).
        case configuration
        /// A file an animator opens, or a folder of PNG frames.
        case animation
        /// A build pipeline file: never an input of its own.
        case pipeline
        /// A folder of other things, searched by ``search(_:)``.
        case folder
        /// None of these.
        case other
    }

    /// One input a search found.
    public struct Found: Sendable, Equatable {
        public var path: String
        /// The folders between the searched folder and the input (`""` directly inside it),
        /// what a build names outputs after with `{dir}`.
        public var directory: String
        /// `.configuration` or `.animation`.
        public var kind: Kind
    }

    /// What a path the user named is. A folder is one animation only when an animator opens it
    /// and it holds nothing but PNG frames and a manifest; a folder that also holds other files is
    /// searched instead.
    public func kind(of path: String) -> Kind {
        guard let probe = try? ContentProbe.read(path: path) else { return .other }
        return kind(of: probe)
    }

    /// What a path the user named holds, from a probe the caller already read.
    public func kind(of probe: ContentProbe) -> Kind { kind(of: probe, named: true) }

    /// Every configuration and animation in `folder` and its subfolders (hidden entries skipped,
    /// sorted by name, symbolic links to folders not followed), and the files skipped as neither.
    /// A folder met while searching is an animation only with a `manifest.json` or two PNG frames
    /// or more: a lone PNG beside a Lottie file is an image it uses. `x_dark.ext` beside `x.ext` is
    /// the dark variant of `x.ext` (the seed's naming), found with it and not listed again.
    public func search(_ folder: String) -> (found: [Found], skipped: [String]) {
        var found: [Found] = [], skipped: [String] = []
        var queue: [(path: String, relative: String, depth: Int)] = [(folder, "", 0)]
        var next = 0
        while next < queue.count {
            let (dir, relative, depth) = queue[next]
            next += 1
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            let present = Set(names)
            for name in names {
                if let light = DarkVariantNaming.lightName(ofDark: name), present.contains(light) { continue }
                let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                guard let probe = try? ContentProbe.read(path: path) else { continue }
                let kind = kind(of: probe, named: false)
                switch kind {
                case .configuration, .animation:
                    found.append(Found(path: path, directory: relative, kind: kind))
                case .folder:
                    if depth < maxDepth && !Self.isSymbolicLink(path) {
                        queue.append((path, relative.isEmpty ? name : relative + "/" + name, depth + 1))
                    }
                case .pipeline, .other:
                    skipped.append(path)
                }
            }
        }
        return (found, skipped)
    }

    /// `named`: the user gave the path (a folder of one PNG is then an animation).
    func kind(of probe: ContentProbe, named: Bool) -> Kind {
        if probe.isDirectory {
            let frames = probe.entries.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".png") }
            let onlyFrames = probe.entries.allSatisfy { $0.hasPrefix(".") || $0.lowercased().hasSuffix(".png") || $0 == Self.manifestName }
            guard registry.animator(for: probe) != nil, onlyFrames else { return .folder }
            return named || probe.entries.contains(Self.manifestName) || frames.count >= 2 ? .animation : .folder
        }
        if TabBarConfiguration.looksLikeConfiguration(path: probe.path, maxBytes: configMaxBytes) { return .configuration }
        if PipelineFileSignature.matches(path: probe.path) { return .pipeline }
        return registry.animator(for: probe) != nil ? .animation : .other
    }

    /// The frame folder's manifest (`CYLFrameSequenceAnimator`'s `manifest.json`).
    static let manifestName = "manifest.json"

    static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }
}

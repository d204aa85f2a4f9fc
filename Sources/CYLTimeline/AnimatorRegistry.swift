import Foundation

/// What the registry learned about an input before choosing an animator: enough to sniff content
/// without every animator reading the file again.
public struct ContentProbe: Sendable {
    /// The path as the user gave it.
    public let path: String
    public let isDirectory: Bool
    /// The first bytes of a file (up to 64); empty for a directory.
    public let head: [UInt8]
    /// File names in a directory, sorted by name; empty for a file.
    public let entries: [String]

    public init(path: String, isDirectory: Bool, head: [UInt8], entries: [String]) {
        self.path = path
        self.isDirectory = isDirectory
        self.head = head
        self.entries = entries
    }

    /// Reads the probe for `path`, or explains why the path cannot be opened.
    public static func read(path: String) throws(OpenError) -> ContentProbe {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw OpenError(file: path, .notFound, "no such file or directory")
        }
        if isDir.boolValue {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw OpenError(file: path, .unreadable, "cannot list the directory")
            }
            return ContentProbe(path: path, isDirectory: true, head: [], entries: names.sorted())
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw OpenError(file: path, .unreadable, "cannot open the file for reading")
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
        return ContentProbe(path: path, isDirectory: false, head: head, entries: [])
    }

    /// Whether the file starts with `magic`.
    public func starts(with magic: [UInt8]) -> Bool {
        head.count >= magic.count && Array(head.prefix(magic.count)) == magic
    }

    /// A short account of the content, for "not recognised" errors.
    public var seenDescription: String {
        if isDirectory {
            let shown = entries.prefix(4).joined(separator: ", ")
            return entries.isEmpty ? "an empty directory"
                : "a directory of \(entries.count) entr\(entries.count == 1 ? "y" : "ies") (\(shown)\(entries.count > 4 ? ", ..." : ""))"
        }
        if head.isEmpty { return "an empty file" }
        let bytes = head.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
        let text = String(decoding: head.prefix(8).map { (0x20..<0x7f).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
        return "a file starting with bytes \(bytes) (\"\(text)\")"
    }
}

/// Options every animator understands when opening an input.
public struct OpenOptions: Sendable {
    public var limits: Limits
    /// Frame rate for inputs that carry none (a folder of PNG frames without a manifest).
    public var fps: Double?
    /// Keypath → colour overrides for vector formats (dark-mode colours without a second file).
    public var colorOverrides: [ColorOverride]
    /// Which animation of a file that holds several to open (a dotLottie animation id, a Rive
    /// linear animation's name); nil: the file's default.
    public var animationID: String?
    /// Which artboard of a file that holds several (Rive) to open; nil: the file's default.
    public var artboard: String?
    /// Which state machine (Rive, dotLottie) drives the timeline; nil: the file's default scene
    /// (a dotLottie file's first machine when `playsSelection`, else none).
    public var stateMachine: String?
    /// The state-machine input a tab's selection sets (a boolean) or fires (a trigger); nil: the
    /// back-end picks one named for selection (active, selected, isActive, pressed).
    public var selectionInput: String?
    /// Open a file with scenes that react to input (Rive and dotLottie state machines) as a tab's selection
    /// animation: frame 0 is the settled resting pose and the frames that follow are what
    /// selecting the tab plays. False (the default): the file's scene as it plays from its start
    /// without input, which `render` and `convert` show.
    public var playsSelection: Bool
    /// Where image assets that are files (Lottie `u` + `p`) are looked up instead of the folder
    /// of the animation file (`--assets DIR`); nil: beside the animation file.
    public var assetsDirectory: String?
    /// Values for Lottie slots (`--slot id=value`), replacing the file's own `slots`.
    public var slots: [SlotOverride]
    /// The dotLottie theme (`t/<id>.json`) to draw with (`--theme`); nil: none. Its rules are
    /// slot values below `slots`. An input without themes draws without and says so.
    public var theme: String?

    public init(limits: Limits = .standard, fps: Double? = nil, colorOverrides: [ColorOverride] = [],
                animationID: String? = nil, artboard: String? = nil, stateMachine: String? = nil,
                selectionInput: String? = nil, playsSelection: Bool = false,
                assetsDirectory: String? = nil, slots: [SlotOverride] = [], theme: String? = nil) {
        self.assetsDirectory = assetsDirectory
        self.theme = theme
        self.slots = slots
        self.limits = limits
        self.fps = fps
        self.colorOverrides = colorOverrides
        self.animationID = animationID
        self.artboard = artboard
        self.stateMachine = stateMachine
        self.selectionInput = selectionInput
        self.playsSelection = playsSelection
    }
}

/// One back-end: recognises its format from content and opens it as a timeline
/// (CYLTabBarController's `CYLTabBarItemAnimator`). A new format is one more animator; nothing
/// else changes.
public protocol CYLTabBarItemAnimator: Sendable {
    /// The format's name, as `info` prints it ("GIF", "PNG frames").
    var formatName: String { get }
    /// Whether this animator should open the probed input. Decided from content, not extension.
    func canOpen(_ probe: ContentProbe) -> Bool
    /// Opens the input as a timeline; errors name the file and the place in it.
    func timeline(for probe: ContentProbe, options: OpenOptions) throws -> FrameTimeline
    /// Other files opening the input reads (a Lottie's image files beside it), found without
    /// decoding them, including files that do not exist yet: a build cache must notice when one
    /// appears, changes or goes. Default: none.
    func companionFiles(for probe: ContentProbe, options: OpenOptions) -> [String]
    /// The names `OpenOptions.theme` may choose for the input (a dotLottie's themes that apply to
    /// the animation `options.animationID` picks), found without drawing anything: the tab bar
    /// and `build` ask it to decide what dark appearance shows. Empty when the input has none, or
    /// cannot be read (opening it says why). Default: none.
    func themes(for probe: ContentProbe, options: OpenOptions) -> [String]
}

extension CYLTabBarItemAnimator {
    public func companionFiles(for probe: ContentProbe, options: OpenOptions) -> [String] { [] }
    public func themes(for probe: ContentProbe, options: OpenOptions) -> [String] { [] }
}

/// The set of animators, asked in order; exactly one opens an input. A value, not a singleton:
/// an app or test builds the registry it needs.
public struct AnimatorRegistry: Sendable {
    public private(set) var animators: [any CYLTabBarItemAnimator]

    public init(_ animators: [any CYLTabBarItemAnimator] = []) {
        self.animators = animators
    }

    /// Adds an animator; it is asked after the ones already registered.
    public mutating func register(_ animator: any CYLTabBarItemAnimator) {
        animators.append(animator)
    }

    /// The animator that recognises `probe`, or nil.
    public func animator(for probe: ContentProbe) -> (any CYLTabBarItemAnimator)? {
        animators.first { $0.canOpen(probe) }
    }

    /// Opens the file or directory at `path` with the one animator that recognises its content.
    public func timeline(forPath path: String, options: OpenOptions = OpenOptions()) throws -> FrameTimeline {
        let probe = try ContentProbe.read(path: path)
        guard let animator = animator(for: probe) else {
            let known = animators.map(\.formatName).joined(separator: ", ")
            throw OpenError(file: path, .unrecognized,
                            "not a recognised animation: saw \(probe.seenDescription); known formats: \(known.isEmpty ? "none registered" : known)")
        }
        return try animator.timeline(for: probe, options: options)
    }

    /// The files besides `path` that opening it reads (see `CYLTabBarItemAnimator.companionFiles`);
    /// empty when no animator recognises it.
    public func companionFiles(forPath path: String, options: OpenOptions = OpenOptions()) -> [String] {
        guard let probe = try? ContentProbe.read(path: path), let animator = animator(for: probe) else { return [] }
        return animator.companionFiles(for: probe, options: options)
    }

    /// The themes the input at `path` can be opened with (see `CYLTabBarItemAnimator.themes`);
    /// empty when no animator recognises it.
    public func themes(forPath path: String, options: OpenOptions = OpenOptions()) -> [String] {
        guard let probe = try? ContentProbe.read(path: path), let animator = animator(for: probe) else { return [] }
        return animator.themes(for: probe, options: options)
    }

    /// Opens a file URL; see `timeline(forPath:options:)`.
    public func timeline(for url: URL, options: OpenOptions = OpenOptions()) throws -> FrameTimeline {
        try timeline(forPath: url.path, options: options)
    }
}

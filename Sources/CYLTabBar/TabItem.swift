import CYLConvert
import CYLRaster
import CYLTimeline

/// One tab of the bar, as its entry in `tabBarItemsAttributes` describes it.
public struct TabItem: Sendable {
    /// Where the tab's animation comes from.
    public enum AnimationKind: String, Sendable, Equatable {
        /// `CYLTabBarLottieFilePath` / `CYLTabBarLottieURL`.
        case lottie
        /// `CYLTabBarGIFFilePath` / `CYLTabBarGIFURL`: plays once on select like a Lottie.
        case gif
        /// `CYLTabBarRiveURL`.
        case rive
        /// `CYLTabBarPAGFilePath` / `CYLTabBarPAGURL`: an After Effects export, played like a Lottie.
        case pag
        /// `CYLTabBarAnimationURL`: any registered format.
        case any
    }

    /// `CYLTabBarAnimationOptions`: which part of a file plays, and how.
    public struct AnimationOptions: Sendable, Equatable {
        /// The artboard of a file with several (Rive).
        public var artboard: String?
        /// The state machine that drives the tab (Rive).
        public var stateMachine: String?
        /// The state-machine input selecting the tab sets or fires (Rive).
        public var selectionInput: String?
        /// Which animation of a file with several (a dotLottie id, a Rive linear animation).
        public var animation: String?
        /// Play only this marker's frames (Lottie markers).
        public var marker: String?
        /// Loop forever whatever the selection.
        public var loop = false
        /// The tab's own rate multiplier, on top of the bar's speed.
        public var speed: Double = 1
        /// The theme of the animation's file (a dotLottie theme) dark appearance draws; nil: the
        /// file's theme named `dark`, when it has one (`DarkVariant.choose`).
        public var darkTheme: String?

        /// No options: the file's defaults, played by the tab-bar rules at the bar's speed.
        public init() {}
    }

    /// A tab's animation: which file, which dark variant, which options.
    public struct Animation: Sendable, Equatable {
        /// Which key family named it.
        public var kind: AnimationKind
        /// The configuration key it was given under (for messages).
        public var key: String
        /// The file or folder, resolved against the configuration's directory.
        public var path: String
        /// A second file for dark mode: `CYLTabBarLottieDarkFilePath` / `URL`, or `name_dark.ext`
        /// beside `path` when it exists (the seed's convention).
        public var darkPath: String?
        /// The key `darkPath` was given under.
        public var darkKey: String = ConfigKey.lottieDark
        /// Whether `darkPath` was found by the naming convention rather than given.
        public var darkPathFromConvention = false
        /// `CYLTabBarLottieDarkColors`: keypath → colour overrides for dark mode.
        public var darkColors: [ColorOverride] = []
        /// `CYLTabBarAnimationOptions`.
        public var options = AnimationOptions()

        /// Everything the tab says about its dark appearance, for `DarkVariant.choose`.
        public var darkSettings: DarkSettings {
            DarkSettings(path: darkPath, pathByConvention: darkPathFromConvention, colors: darkColors, theme: options.darkTheme)
        }

        /// An animation named by `key`.
        public init(kind: AnimationKind, key: String, path: String) {
            self.kind = kind
            self.key = key
            self.path = path
        }
    }

    /// Position in `tabBarItemsAttributes` (0-based), skipped tabs counted.
    public var index: Int
    /// `CYLTabBarItemIdentifier`.
    public var identifier: String?
    /// `CYLTabBarItemTitle`.
    public var title: String?
    /// `CYLTabBarItemSelectedTitle`: shown instead of the title while the tab is selected.
    public var selectedTitle: String?
    /// `CYLTabBarItemImage` (or `CYLTabBarItemImageURL`) and friends: PNG (or GIF, which then
    /// loops as a plain image) paths.
    public var image: String?
    /// `CYLTabBarItemSelectedImage`.
    public var selectedImage: String?
    /// `CYLTabBarItemDarkImage`.
    public var darkImage: String?
    /// `CYLTabBarItemSelectedDarkImage`.
    public var selectedDarkImage: String?
    /// `CYLTabBarItemImageRenderingMode`: original (default: the library loads every image its
    /// configuration names `AlwaysOriginal`) or template (tinted with the bar's tints).
    public var renderingMode: IconRenderingMode = .original
    /// The tab's animation, if it has one (it then wins over the static images).
    public var animation: Animation?
    /// `CYLTabBarLottieLoopsWhenUnselected`.
    public var loopsWhenUnselected = false
    /// `CYLTabBarItemTitleColor` / `CYLTabBarItemSelectedTitleColor` (nil: the bar's tints).
    public var titleColor: RGBA8?
    public var selectedTitleColor: RGBA8?
    /// `CYLTabBarItemTitleFont` / `CYLTabBarItemSelectedTitleFont` (nil: the system font, 10 pt).
    public var titleFont: TitleFont?
    public var selectedTitleFont: TitleFont?
    /// `CYLTabBarItemSelectedBackgroundColor`: fills the tab's cell while it is selected.
    public var selectedBackgroundColor: RGBA8?
    /// `CYLTabBarItemAccessibilityLabel`: what VoiceOver reads (defaults to the title).
    public var accessibilityLabel: String?
    /// `CYLTabBarItemPlatforms`: where the tab is shown (nil: everywhere).
    public var platforms: [TabPlatform]?
    /// `CYLTabBarItemMinimumAppVersion`.
    public var minimumAppVersion: AppVersion?
    /// `CYLTabBarItemWidth`: the tab's cell width in points (nil: it shares what the tabs with a
    /// width leave of the bar, equally with the others).
    public var width: Double?
    /// `CYLTabBarItemPageIdentifier`: the page the app routes to for this tab. Routing data: shown
    /// by `info` and in the events, never drawn.
    public var pageIdentifier: String?
    /// `CYLTabBarItemPageParameters`: the parameters the app passes to that page, in the order written.
    public var pageParameters: [PageParameter] = []
    /// `CYLTabBarItemGestureReselect`: the gesture on the selected tab that replays it.
    public var reselectGesture: ReselectGesture = .tap

    /// An empty tab at position `index`.
    public init(index: Int) { self.index = index }

    /// "tab 2 \"home\"": how messages name this tab.
    public var label: String { TabItem.label(index: index, identifier: identifier ?? title) }

    static func label(index: Int, identifier: String?) -> String {
        identifier.map { "tab \(index) \"\($0.escapingForMessage)\"" } ?? "tab \(index)"
    }

    /// The title shown in the given selection state.
    public func title(selected: Bool) -> String? { selected ? selectedTitle ?? title : title }

    /// The playback rule this tab follows (DESIGN.md §4).
    public var policy: PlaybackPolicy {
        if animation?.options.loop == true { return .loop }
        return loopsWhenUnselected ? .loopsWhenUnselected : .playOnceOnSelect
    }
}

/// One of a tab's page parameters (`CYLTabBarItemPageParameters`): a name and a scalar value.
public struct PageParameter: Sendable, Equatable {
    /// A parameter's value: what a routing URL's query can carry.
    public enum Value: Sendable, Equatable {
        /// Text (a string in the file).
        case text(String)
        /// A number (JSON and YAML numbers, plist integers and reals).
        case number(Double)
        /// A boolean.
        case bool(Bool)
    }

    /// The parameter's name, as the file writes it.
    public var name: String
    /// Its value, skin references followed.
    public var value: Value

    /// A parameter named `name`.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    /// The value as JSON (what `info --json` and the events print).
    public var json: JSONOutput {
        switch value {
        case .text(let s): return .string(s)
        case .number(let d): return .double(d)
        case .bool(let b): return .bool(b)
        }
    }
}

extension [PageParameter] {
    /// The parameters as one JSON object, in the order written.
    public var json: JSONOutput { .object(map { ($0.name, $0.json) }) }
}

/// Which gesture on the selected tab replays it (`CYLTabBarItemGestureReselect`).
public enum ReselectGesture: String, Sendable, Equatable, CaseIterable {
    /// Tapping the selected tab again (UIKit's reselect; the default).
    case tap
    /// Two taps in quick succession on the selected tab; a single tap leaves it as it is.
    case doubleTap
    /// Pressing the selected tab and holding it (half a second in the review page); a tap leaves it as it is.
    case longPress
    /// Nothing replays the selected tab.
    case none

    /// Reads the value as written in a configuration, in any case (`doubleTap`, `doubletap`).
    public init?(name: String) {
        guard let g = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = g
    }

    /// Whether a plain tap on the selected tab replays it; with another gesture the tap does nothing.
    public var tapReplays: Bool { self == .tap }
}

/// A title font: a font name as iOS names it (a PostScript name such as `PingFangSC-Medium`, a
/// full name or a family) and a size in points. Found with fontconfig; a font that is not
/// installed falls back to DejaVu Sans with a warning naming both.
public struct TitleFont: Sendable, Equatable, CustomStringConvertible {
    /// nil: the system font (DejaVu Sans here, without a warning).
    public var name: String?
    /// Points (1-100).
    public var size: Double

    /// A font by name (nil: the system font) and size in points.
    public init(name: String?, size: Double) {
        self.name = name
        self.size = size
    }

    /// UIKit's tab-bar title: the system font at 10 points.
    public static let system = TitleFont(name: nil, size: 10)

    /// `PingFangSC-Medium 11 pt`.
    public var description: String { "\(name ?? "system") \(size == size.rounded() ? String(Int(size)) : String(size)) pt" }
}

extension String {
    /// This text fit for one line of a message: control characters written as escapes, so a file
    /// can neither split an error over lines nor drive the terminal; very long text shortened.
    var escapingForMessage: String {
        var out = ""
        for (n, s) in unicodeScalars.enumerated() {
            if n >= 200 { out += "…"; break }
            switch s.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F...0x9F: out += "\\u{\(String(s.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }
}

/// How much a lint finding matters: errors make `lint` exit 1.
public enum LintSeverity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    public static func < (a: LintSeverity, b: LintSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One lint rule: a stable id (what `--disable` and CI scripts name), its severity, what it
/// checks and the one-line fix printed with every finding.
public struct LintRule: Sendable, Hashable {
    public let id: String
    public let severity: LintSeverity
    public let summary: String
    public let fix: String

    /// Every rule, in the order findings are reported.
    public static let all: [LintRule] = [
        openFailed, canvasNotSquare, contentOutsideCanvas, contentInMargin, strokeTooThin, playOnceTooLong,
        fpsTooHigh, fpsTooLow, lastFrameEmpty, firstFrameEmpty, firstFrameNotAtRest, loopJump,
        unsupportedFeature, unportableFeature, expressionTooSlow, themeRuleUnmatched, stateMachineReference, inputWarning, darkContrast, fileTooLarge,
        imageTooLarge, gifPaletteOverflow,
    ]

    public static func named(_ id: String) -> LintRule? { all.first { $0.id == id } }

    public static let openFailed = LintRule(
        id: "open-failed", severity: .error, summary: "the input cannot be opened or drawn",
        fix: "fix the file (the message says where) or leave it out")
    public static let canvasNotSquare = LintRule(
        id: "canvas-not-square", severity: .warning, summary: "the canvas is not square; tab icons sit in a square box",
        fix: "make the canvas square so the icon scales like the other tabs")
    public static let contentOutsideCanvas = LintRule(
        id: "content-outside-canvas", severity: .warning, summary: "content reaches beyond the canvas, where it is clipped",
        fix: "scale or move the content inside the canvas")
    public static let contentInMargin = LintRule(
        id: "content-in-margin", severity: .warning, summary: "the resting icon reaches into the canvas's outer 8%",
        fix: "keep the resting icon inside the middle 84% of the canvas so it does not look cramped in the bar")
    public static let strokeTooThin = LintRule(
        id: "stroke-too-thin", severity: .warning, summary: "a stroke of the resting icon is thinner than 1 px at @1x",
        fix: "make strokes at least 1 pt wide at the icon's size (thinner ones fade out or vanish at @1x)")
    public static let playOnceTooLong = LintRule(
        id: "play-once-too-long", severity: .warning, summary: "a play-once animation lasts over 1.5 s",
        fix: "shorten the selection animation to 1.5 s or less (or speed it up with tabBarItemAnimationSpeed)")
    public static let fpsTooHigh = LintRule(
        id: "fps-too-high", severity: .warning, summary: "more than 60 frames a second",
        fix: "export at 60 fps or less (displays show at most 60 on most devices; extra frames cost size and battery)")
    public static let fpsTooLow = LintRule(
        id: "fps-too-low", severity: .warning, summary: "fewer than 20 frames a second",
        fix: "export at 24-60 fps so the motion looks smooth")
    public static let lastFrameEmpty = LintRule(
        id: "last-frame-empty", severity: .error, summary: "the last frame shows nothing; the selected tab holds it",
        fix: "end the animation on the selected icon (the selected tab keeps showing the last frame)")
    public static let firstFrameEmpty = LintRule(
        id: "first-frame-empty", severity: .error, summary: "frame 0 shows nothing; an unselected tab shows frame 0",
        fix: "start the animation on the resting icon (an unselected tab shows frame 0)")
    public static let firstFrameNotAtRest = LintRule(
        id: "first-frame-not-at-rest", severity: .warning,
        summary: "frame 0 is not a resting icon (only part of it is drawn); an unselected tab shows frame 0",
        fix: "start on the complete resting icon: an unselected tab shows frame 0 and jumps to it from the held last frame")
    public static let loopJump = LintRule(
        id: "loop-jump", severity: .warning, summary: "a looping animation's last frame does not lead back to its first (a visible jump)",
        fix: "make the last frame flow into frame 0 (or end where it starts) so the loop is seamless")
    public static let unsupportedFeature = LintRule(
        id: "unsupported-feature", severity: .warning, summary: "uses a feature this renderer does not draw",
        fix: "flatten or remove the feature (previews and conversions here will differ from the design)")
    public static let unportableFeature = LintRule(
        id: "unportable-feature", severity: .warning, summary: "uses a feature mobile players lack (expressions, effects, layer styles)",
        fix: "bake the expression or effect into keyframes and shapes before export")
    public static let expressionTooSlow = LintRule(
        id: "expression-too-slow", severity: .warning,
        summary: "an expression was stopped by a limit on its CPU time, steps or memory, so its property keeps its keyframes",
        fix: "simplify the expression or bake it into keyframes: a phone has a few milliseconds a frame for the whole tab bar")
    public static let themeRuleUnmatched = LintRule(
        id: "theme-rule-unmatched", severity: .warning,
        summary: "a dotLottie theme or rule changes nothing: no animation it applies to has a property naming its slot id, it names an animation the file lacks, no animation takes its theme, or its type is not one of the format's",
        fix: "give the rule the sid of the property it should change (`cylanim info` lists the animation's slots) and animations the file has, list the theme in an animation's manifest themes, or remove it")
    /// Each place is its own finding: the fix is per state (rename the marker, add the animation),
    /// and the machine still runs, skipping what it cannot find, so the tab plays something else.
    public static let stateMachineReference = LintRule(
        id: "state-machine-reference", severity: .warning,
        summary: "a dotLottie state machine names something the file lacks (an animation, a marker, an input) or does what frames cannot show (SetTheme)",
        fix: "point the state at an animation and marker the file has (`cylanim info` lists them), or remove what it cannot do")
    public static let inputWarning = LintRule(
        id: "input-warning", severity: .info, summary: "the file has something odd a player works around",
        fix: "re-export the file; the message says what is odd")
    public static let darkContrast = LintRule(
        id: "dark-contrast", severity: .warning, summary: "in dark mode the icon's colours are too close to the dark bar (contrast below 3:1)",
        fix: "give the icon a dark variant with lighter colours: name_dark.json, CYLTabBarLottieDarkColors, or a theme named dark in its .lottie")
    public static let fileTooLarge = LintRule(
        id: "file-too-large", severity: .warning, summary: "the file is large for a tab icon",
        fix: "simplify paths, remove unused layers and assets, or embed smaller images")
    public static let imageTooLarge = LintRule(
        id: "embedded-image-too-large", severity: .warning, summary: "an embedded image has far more pixels than the icon ever shows",
        fix: "scale embedded images down to at most the size they are shown at @3x")
    public static let gifPaletteOverflow = LintRule(
        id: "gif-palette-overflow", severity: .info, summary: "the GIF's frames use more colours than one 256-colour palette holds",
        fix: "expect per-frame palettes (larger files) or banding when it is re-encoded with one palette; reduce its colours")
}

/// Which rules run and with what thresholds.
public struct LintProfile: Sendable {
    public var name: String
    public var rules: [LintRule]
    /// Share of the canvas kept clear along each edge.
    public var margin = 0.08
    public var minStrokePixels = 1.0
    public var maxPlayOnceSeconds = 1.5
    public var fpsRange: ClosedRange<Double> = 20...60
    public var maxFileBytes = 100_000
    /// Largest ratio of an embedded image's side to the most it is shown at @3x.
    public var maxImageOversize = 2.0
    public var minDarkContrast = 3.0

    /// Everything that makes a tab icon look wrong in a bar (the default).
    public static let tabIcon = LintProfile(name: "tab-icon", rules: LintRule.all)
    /// Only what is wrong wherever the animation plays: what cannot be drawn or played elsewhere,
    /// empty frames, frame rates, oversize data.
    public static let general = LintProfile(name: "general", rules: [
        .openFailed, .lastFrameEmpty, .fpsTooHigh, .fpsTooLow, .unsupportedFeature, .unportableFeature, .expressionTooSlow,
        .themeRuleUnmatched, .stateMachineReference, .inputWarning,
        .contentOutsideCanvas, .imageTooLarge, .gifPaletteOverflow,
    ])
    public static let all = [tabIcon, general]

    public static func named(_ name: String) -> LintProfile? { all.first { $0.name == name } }
}

import CYLGeometry
import CYLLimits
import CYLText

// The format's text enumerations (the runtime's text_engine.hpp names their raw values).

/// How each line of a paragraph sits in the text's width.
enum TextAlign: UInt64, FormatEnum {
    case left = 0, right = 1, center = 2
    static let unknown = TextAlign.left
}

/// Which of the text box's sides follow the text.
enum TextSizing: UInt64, FormatEnum {
    /// Width and height from the text (no wrapping).
    case autoWidth = 0
    /// The width is the property's, the height from the wrapped lines.
    case autoHeight = 1
    /// Both from the properties.
    case fixed = 2
    static let unknown = TextSizing.autoWidth
}

/// What happens to text that does not fit a fixed box.
enum TextOverflow: UInt64, FormatEnum {
    case visible = 0, hidden = 1, clipped = 2, ellipsis = 3, fit = 4, fitFontSize = 5
    static let unknown = TextOverflow.visible
}

/// Where the text's origin is: the top of its box or the first line's baseline.
enum TextOrigin: UInt64, FormatEnum {
    case top = 0, baseline = 1
    static let unknown = TextOrigin.top
}

enum TextWrap: UInt64, FormatEnum {
    case wrap = 0, noWrap = 1
    static let unknown = TextWrap.wrap
}

enum VerticalTextAlign: UInt64, FormatEnum {
    case top = 0, bottom = 1, middle = 2
    static let unknown = VerticalTextAlign.top
}

/// A text object: value runs set in styles, laid out in a box and drawn with its styles' fills
/// and strokes. The layout (shaping, line breaking, alignment, overflow) runs in `update` when
/// something it reads changed (`Runtime/Text/TextLayout.swift`).
final class RText: RDrawable {
    var align = TextAlign.left
    var sizing = TextSizing.autoWidth
    var overflow = TextOverflow.visible
    var boxWidth = 0.0, boxHeight = 0.0
    var originX = 0.0, originY = 0.0
    var paragraphSpacing = 0.0
    var origin = TextOrigin.top
    var wrap = TextWrap.wrap
    var verticalAlign = VerticalTextAlign.top
    var fitFromBaseline = true
    /// Vertical trim: the top edge (0 none, 1 cap height, 2 x height) in the low byte, the
    /// bottom edge (0 none, 1 baseline, 2 the font's descent) in the next.
    var verticalTrim: UInt64 = 0

    /// Value runs and styles, in file order.
    var runs: [RTextValueRun] = []
    var styles: [RTextStylePaint] = []
    /// Modifier groups, in file order (each applies after the ones before it).
    var modifierGroups: [RTextModifierGroup] = []

    /// Set when a property the layout reads changes (here, in a run or in a style).
    var needsLayout = true
    /// Results of the last layout: the styles in the order their first glyph was placed (the
    /// order they are drawn in), each holding its glyphs' outlines in the text's box space;
    /// the box space's place in the text's own space; the overflow clip in box space.
    var drawOrder: [RTextStylePaint] = []
    var boxTransform = Transform.identity
    var clipRect: Rect?
    /// The factor `fitFontSize` overflow scales every style's size by (1 otherwise).
    var fitScale = 1.0
    /// The layout's bounds in box space (for `localBounds`).
    var bounds = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    override func unlink() {
        super.unlink()
        runs.removeAll()
        styles.removeAll()
        modifierGroups.removeAll()
        drawOrder.removeAll()
    }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.textAlignValue: align = value.decoded(align)
        case RivePropertyKey.textSizingValue: sizing = value.decoded(sizing)
        case RivePropertyKey.textOverflowValue: overflow = value.decoded(overflow)
        case RivePropertyKey.textWidth: boxWidth = value.double ?? boxWidth
        case RivePropertyKey.textHeight: boxHeight = value.double ?? boxHeight
        case RivePropertyKey.textOriginX: originX = value.double ?? originX
        case RivePropertyKey.textOriginY: originY = value.double ?? originY
        case RivePropertyKey.textParagraphSpacing: paragraphSpacing = value.double ?? paragraphSpacing
        case RivePropertyKey.textOriginValue: origin = value.decoded(origin)
        case RivePropertyKey.textWrapValue: wrap = value.decoded(wrap)
        case RivePropertyKey.textVerticalAlignValue: verticalAlign = value.decoded(verticalAlign)
        case RivePropertyKey.textFitFromBaseline: fitFromBaseline = value.bool ?? fitFromBaseline
        case RivePropertyKey.textVerticalTrimValue: verticalTrim = value.uint ?? verticalTrim
        case RivePropertyKey.textVerticalTrimTopValue: verticalTrim = (verticalTrim & ~0xFF) | ((value.uint ?? 0) & 0xFF)
        case RivePropertyKey.textVerticalTrimBottomValue: verticalTrim = (verticalTrim & ~0xFF00) | (((value.uint ?? 0) & 0xFF) << 8)
        default: return super.set(key, value)
        }
        needsLayout = true
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.textWidth: return boxWidth
        case RivePropertyKey.textHeight: return boxHeight
        case RivePropertyKey.textOriginX: return originX
        case RivePropertyKey.textOriginY: return originY
        case RivePropertyKey.textParagraphSpacing: return paragraphSpacing
        default: return super.double(key)
        }
    }

    override var willDraw: Bool { super.willDraw && renderOpacity != 0 && !drawOrder.isEmpty }

    override func update(_ artboard: ArtboardInstance) {
        super.update(artboard)
        if needsLayout { layOut(artboard) }
    }

    /// The text's box in its own space (what constraints and layouts read).
    override var constraintBounds: Rect {
        let w = bounds.width, h = bounds.height
        return Rect(minX: bounds.minX - w * originX, minY: bounds.minY - h * originY,
                    maxX: bounds.minX - w * originX + w, maxY: bounds.minY - h * originY + h)
    }
}

/// A text style (the format's TextStylePaint): font, size, line height and letter spacing, and
/// the fills and strokes its glyphs are painted with.
final class RTextStylePaint: RContainer {
    var fontSize = 12.0
    /// Negative: from the font's ascent and descent.
    var lineHeight = -1.0
    var letterSpacing = 0.0
    var fontAssetID: Int?
    var paints: [RShapePaint] = []
    /// OpenType features the style sets (its TextStyleFeature children).
    var features: [RTextStyleFeature] = []
    /// Variation axes the style sets (its TextStyleAxis children).
    var axes: [RTextStyleAxis] = []
    unowned(unsafe) var text: RText?
    /// This frame's glyph outlines in the text's box space (those a modifier fades: `faded`).
    var glyphs = Path()
    /// Glyphs a modifier group fades, by their opacity (neither 0 nor 1).
    var faded: [Double: Path] = [:]
    var hasGlyphs: Bool { !glyphs.isEmpty || !faded.isEmpty }

    override func unlink() {
        super.unlink()
        paints.removeAll()
    }

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.textStyleFontSize: fontSize = value.double ?? fontSize
        case RivePropertyKey.textStyleLineHeight: lineHeight = value.double ?? lineHeight
        case RivePropertyKey.textStyleLetterSpacing: letterSpacing = value.double ?? letterSpacing
        case RivePropertyKey.textStyleFontAssetId: fontAssetID = value.index
        default: return super.set(key, value)
        }
        text?.needsLayout = true
        return true
    }

    override func double(_ key: Int) -> Double? {
        switch key {
        case RivePropertyKey.textStyleFontSize: return fontSize
        case RivePropertyKey.textStyleLineHeight: return lineHeight
        case RivePropertyKey.textStyleLetterSpacing: return letterSpacing
        default: return super.double(key)
        }
    }

    override func link(_ artboard: ArtboardInstance) {
        guard let t = parent as? RText else { return }
        text = t
        t.styles.append(self)
    }
}

/// A variation axis a text style sets (`wght` 700), for variable fonts.
final class RTextStyleAxis: RComponent {
    var tag: UInt32 = 0
    var value = 0.0

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.textStyleAxisTag: tag = UInt32(truncatingIfNeeded: value.uint ?? UInt64(tag))
        case RivePropertyKey.textStyleAxisAxisValue: self.value = value.double ?? self.value
        default: return super.set(key, value)
        }
        (parent as? RTextStylePaint)?.text?.needsLayout = true
        return true
    }

    override func double(_ key: Int) -> Double? {
        key == RivePropertyKey.textStyleAxisAxisValue ? value : super.double(key)
    }

    override func link(_ artboard: ArtboardInstance) {
        (parent as? RTextStylePaint)?.axes.append(self)
    }
}

/// An OpenType feature a text style turns on or off (`liga`, `kern`, `ss01`...).
final class RTextStyleFeature: RComponent {
    var tag: UInt32 = 0
    var value: UInt32 = 1

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.textStyleFeatureTag: tag = UInt32(truncatingIfNeeded: value.uint ?? UInt64(tag))
        case RivePropertyKey.textStyleFeatureFeatureValue: self.value = UInt32(truncatingIfNeeded: value.uint ?? UInt64(self.value))
        default: return super.set(key, value)
        }
        (parent as? RTextStylePaint)?.text?.needsLayout = true
        return true
    }

    override func link(_ artboard: ArtboardInstance) {
        (parent as? RTextStylePaint)?.features.append(self)
    }
}

/// A run of a text's characters set in one style.
final class RTextValueRun: RComponent {
    var text = ""
    var styleID: Int?
    unowned(unsafe) var style: RTextStylePaint?
    unowned(unsafe) var owner: RText?
    unowned(unsafe) var artboard: ArtboardInstance?

    override func set(_ key: Int, _ value: PropertyValue) -> Bool {
        switch key {
        case RivePropertyKey.textValueRunText:
            guard case .string(let s) = value else { return true }
            text = s
        case RivePropertyKey.textValueRunStyleId:
            styleID = value.index
            if let artboard { resolve(artboard) }
        default: return super.set(key, value)
        }
        owner?.needsLayout = true
        return true
    }

    override func resolve(_ artboard: ArtboardInstance) {
        self.artboard = artboard
        style = styleID.flatMap { artboard.object($0) as? RTextStylePaint }
    }

    override func link(_ artboard: ArtboardInstance) {
        guard let t = parent as? RText else { return }
        owner = t
        t.runs.append(self)
    }
}

/// The fonts of a file's assets, opened once per scene (nested artboards share them), and the
/// shaper every text of the scene uses. A font asset that is neither embedded nor beside the
/// file, or that FreeType or HarfBuzz refuse, is replaced by an installed font (DejaVu Sans,
/// found through fontconfig), with a note saying so.
final class FontCache {
    private var fonts: [Int: ShapingFont?] = [:]
    /// Variable fonts set to a style's axes, by asset and axes.
    private var variants: [Variant: ShapingFont] = [:]
    private struct Variant: Hashable { var index: Int; var tags: [UInt32]; var values: [Double] }
    /// Variants kept at most (each a FreeType face and its outlines): an animated axis makes a
    /// new one each frame.
    static let maxVariants = 64
    private var fallbackFont: ShapingFont??
    private(set) var notes: [ArtboardNote] = []
    let shaper = TextShaper()

    /// The family the fallback is looked up by.
    static let fallbackFamily = "DejaVu Sans"

    /// The font of file asset `index` set to variation `axes` (a variant sharing its bytes, when
    /// it is a variable font and axes are given).
    func font(_ index: Int?, axes: [(tag: UInt32, value: Double)], file: RiveFileModel, limits: Limits) -> ShapingFont? {
        guard let base = font(index, file: file, limits: limits) else { return nil }
        guard base.isVariable, !axes.isEmpty, let index else { return base }
        let key = Variant(index: index, tags: axes.map(\.tag), values: axes.map(\.value))
        if let known = variants[key] { return known }
        guard let made = base.variant(axes) else { return base }
        if variants.count >= Self.maxVariants { variants.removeAll() }
        variants[key] = made
        return made
    }

    /// The font of file asset `index` (or the fallback), nil when neither opens.
    func font(_ index: Int?, file: RiveFileModel, limits: Limits) -> ShapingFont? {
        guard let index, index >= 0, index < file.assets.count,
              RiveDefinitions.isType(file.assets[index].typeKey, kindOf: RiveTypeKey.fontAsset) else { return nil }
        if let known = fonts[index] { return known }
        let asset = file.assets[index]
        var result: ShapingFont?
        var why: String
        if let bytes = asset.contents {
            do {
                result = try ShapingFont(bytes: bytes, name: asset.name.isEmpty ? "font asset \(asset.assetID)" : asset.name)
                why = ""
            } catch {
                why = "cannot be read (\(error.message))"
            }
        } else {
            let looked = RiveAssetFiles.candidates(asset)
            why = "is not embedded in the file" + (looked.isEmpty ? "" : " and no file beside it is named \(looked.joined(separator: " or "))")
        }
        if result == nil {
            result = fallback(limits)
            let instead = result.map { " text set in it is drawn in \($0.familyName.isEmpty ? Self.fallbackFamily : $0.familyName) instead" }
                ?? " and no installed font replaces it (install fonts-dejavu-core); text set in it is not drawn"
            notes.append(ArtboardNote(message: "font asset \"\(asset.name)\" \(why);\(instead)", feature: .missingFont))
        }
        fonts[index] = .some(result)
        return result
    }

    private func fallback(_ limits: Limits) -> ShapingFont? {
        if let known = fallbackFont { return known }
        var path: String?
        if let match = try? FontLookup().locate(Self.fallbackFamily) { path = match.path }
        if path == nil { path = try? FontFace.locateDefault() }
        let font = path.flatMap { try? ShapingFont(path: $0, maxBytes: limits.maxFileBytes) }
        fallbackFont = .some(font)
        return font
    }
}

import CYLLottieAnimator
import CYLRaster

/// A PAG file as read: its compositions (the last one is the root, the one the file plays) and
/// the images its layers show. Ids are resolved when the After Effects model is built
/// (`AfterEffectsBuilder`), where references that lead nowhere or in circles are reported.
struct PAGFile {
    var version: UInt8
    var compositions: [PAGComposition] = []
    /// Embedded images by id: the encoded bytes (WebP, PNG or JPEG) and the size they are shown at.
    var images: [UInt32: PAGImageBytes] = [:]
    /// Font family and style of each text font, by position (text documents refer to them).
    var fonts: [(family: String, style: String)] = []
    /// What the reader passed over or cannot draw, once each.
    var notes: [PAGNote] = []
    /// Encoded images `--slot` puts in place of embedded ones, by image id.
    var replacedImages: [UInt32: [UInt8]] = [:]
}

/// Something the reader noticed: where, what, and which feature it concerns.
struct PAGNote {
    var byte: Int
    var message: String
    var feature: PAGFeature
}

/// The features notes concern (mapped to the timeline's diagnostic features by the animator).
enum PAGFeature {
    /// A tag this reader does not know (a newer exporter's).
    case unknownTag
    /// Content that is read but not drawn: the frames lack it.
    case notDrawn
    /// Content drawn differently from libpag (approximated).
    case approximated
}

struct PAGImageBytes {
    var id: UInt32
    /// The encoded image's bytes, a range of the file.
    var range: Range<Int>
    /// How many image pixels one layer unit holds (images may be exported at more or less than 1x).
    var scaleFactor: Double
    /// The size layers draw the image at (units), when the file says; else the decoded size / scale.
    var width: Int?
    var height: Int?
    /// Where the stored pixels sit within that size (images stripped of a transparent border).
    var anchorX: Int = 0
    var anchorY: Int = 0
    /// Offset of its tag, for messages.
    var offset: Int
}

/// One composition: its size, length and frame rate, and what it is made of.
struct PAGComposition {
    enum Content {
        case vector([PAGLayer])
        /// Frames stored as WebP images, at one or more resolutions.
        case bitmap([PAGBitmapSequence])
        /// Frames stored as H.264 video, at one or more resolutions.
        case video([PAGVideoSequence])
    }

    var id: UInt32
    var content: Content
    var width: Int = 0
    var height: Int = 0
    /// In frames.
    var duration: Int64 = 1
    var frameRate: Double = 30
    /// Offset of its tag, for messages.
    var offset: Int


    var kindName: String {
        switch content {
        case .vector: return "vector"
        case .bitmap: return "bitmap sequence"
        case .video: return "video sequence"
        }
    }
}

/// A bitmap sequence: frames of `width` x `height` pixels at `frameRate`, each a list of WebP
/// patches written over the frame before (a keyframe starts afresh).
struct PAGBitmapSequence {
    struct Patch {
        var x: Int
        var y: Int
        /// The encoded WebP, a range of the file (empty: the patch changes nothing).
        var range: Range<Int>
    }

    var width: Int
    var height: Int
    var frameRate: Double
    var frames: [(isKeyframe: Bool, patches: [Patch])]
    /// Offset of its tag, for messages.
    var offset: Int
}

/// A video sequence: H.264 frames of `width` x `height` (the colour; with alpha, the alpha is a
/// grey picture of the same size at `alpha` in the decoded frame) at `frameRate`.
struct PAGVideoSequence {
    var width: Int
    var height: Int
    var frameRate: Double
    var alpha: (x: Int, y: Int)?
    /// The sequence and picture parameter sets, then each frame's NAL units, as ranges of the file.
    var sps: Range<Int>
    var pps: Range<Int>
    var frames: [(isKeyframe: Bool, frame: Int64, range: Range<Int>)]
    /// Sequence frames that repeat the one before (the video holds their first only).
    var staticRanges: [(start: Int64, end: Int64)]
    var offset: Int
}

/// The kinds of layer, by the byte that opens a layer block.
enum PAGLayerType: UInt8 {
    case unknown = 0, null, solid, text, shape, image, preCompose, camera

    var name: String {
        switch self {
        case .unknown: return "unknown"
        case .null: return "null"
        case .solid: return "solid"
        case .text: return "text"
        case .shape: return "shape"
        case .image: return "image"
        case .preCompose: return "precomposition"
        case .camera: return "camera"
        }
    }
}

/// One layer of a vector composition, its values already in the After Effects model's units.
struct PAGLayer {
    enum Content {
        case none
        case shapes([ShapeItem])
        case solid(color: Color, width: Int, height: Int)
        /// A composition by id, starting at `startTime` frames of this layer's composition.
        case composition(id: UInt32, startTime: Double)
        case image(id: UInt32)
        /// Text: its documents (the source text), held from keyframe to keyframe.
        case text(PAGProperty<PAGTextDocument>)
    }

    var type: PAGLayerType
    var id: UInt32 = 0
    var name = ""
    var isActive = true
    var autoOrient = false
    var parentID: UInt32 = 0
    var startTime: Double = 0
    var duration: Double = 1
    var blendMode: BlendMode = .normal
    /// The layer's motion blur switch (drawn as libpag's MotionBlurFilter).
    var motionBlur = false
    var matte: MatteMode? = nil
    var transform = TransformModel.identity
    var masks: [MaskModel] = []
    var effects: [EffectModel] = []
    var styles: [LayerStyleModel] = []
    /// Text layers: how characters are changed, in order.
    var textAnimators: [TextAnimator] = []
    var content: Content = .none
    var offset: Int
}

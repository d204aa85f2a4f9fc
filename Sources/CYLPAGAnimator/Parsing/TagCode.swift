/// The tags of a PAG file this reader knows, by their 10-bit code. A tag it does not know is
/// skipped (newer exporters add tags; older readers are meant to pass over them) and noted.
enum TagCode: UInt16 {
    case end = 0
    case fontTables = 1
    case vectorCompositionBlock = 2
    case compositionAttributes = 3
    case imageTables = 4
    case layerBlock = 5
    case layerAttributes = 6
    case solidColor = 7
    case textSource = 8
    case textMoreOption = 10
    case imageReference = 11
    case compositionReference = 12
    case transform2D = 13
    case maskBlock = 14
    case shapeGroup = 15
    case rectangle = 16
    case ellipse = 17
    case polyStar = 18
    case shapePath = 19
    case fill = 20
    case stroke = 21
    case gradientFill = 22
    case gradientStroke = 23
    case mergePaths = 24
    case trimPaths = 25
    case repeater = 26
    case roundCorners = 27
    case performance = 28
    case dropShadowStyle = 29
    case cachePolicy = 30
    case fileAttributes = 31
    case timeStretchMode = 32
    case mp4Header = 33
    case bitmapCompositionBlock = 45
    case bitmapSequence = 46
    case imageBytes = 47
    case imageBytesV2 = 48
    case imageBytesV3 = 49
    case videoCompositionBlock = 50
    case videoSequence = 51
    case layerAttributesV2 = 52
    case markerList = 53
    case imageFillRule = 54
    case audioBytes = 55
    case motionTileEffect = 56
    case levelsIndividualEffect = 57
    case cornerPinEffect = 58
    case bulgeEffect = 59
    case fastBlurEffect = 60
    case glowEffect = 61
    case layerAttributesV3 = 62
    case layerAttributesExtra = 63
    case textSourceV2 = 64
    case dropShadowStyleV2 = 65
    case displacementMapEffect = 66
    case imageFillRuleV2 = 67
    case textSourceV3 = 68
    case textPathOption = 69
    case textAnimator = 70
    case textRangeSelector = 71
    case textAnimatorPropertiesTrackingType = 72
    case textAnimatorPropertiesTrackingAmount = 73
    case textAnimatorPropertiesFillColor = 74
    case textAnimatorPropertiesStrokeColor = 75
    case textAnimatorPropertiesPosition = 76
    case textAnimatorPropertiesScale = 77
    case textAnimatorPropertiesRotation = 78
    case textAnimatorPropertiesOpacity = 79
    case textWigglySelector = 80
    case radialBlurEffect = 81
    case mosaicEffect = 82
    case editableIndices = 83
    case maskBlockV2 = 84
    case gradientOverlayStyle = 85
    case brightnessContrastEffect = 86
    case hueSaturationEffect = 87
    case layerAttributesExtraV2 = 88
    case encryptedData = 89
    case transform3D = 90
    case cameraOption = 91
    case strokeStyle = 92
    case outerGlowStyle = 93
    case imageScaleModes = 94

    /// The tag's name in messages ("the Fill tag").
    var name: String {
        let raw = "\(self)"
        return raw.prefix(1).uppercased() + raw.dropFirst()
    }
}

/// One tag: its code (raw, so unknown ones can be named), where it starts, and its body.
struct Tag {
    var rawCode: UInt16
    var code: TagCode?
    /// Offset of the tag's header in the file.
    var offset: Int
    /// The body, as a stream over exactly its bytes.
    var body: PAGStream

    var description: String { code.map { "the \($0.name) tag" } ?? "tag \(rawCode)" }
}

extension PAGStream {
    /// Reads the tags of one list until its End tag, calling `visit` for each. A header is 16 bits:
    /// the code in the top 10, the length in the low 6, where 63 means a 32-bit length follows.
    /// A list that runs out of data before its End tag ends there (exporters always write one;
    /// a truncated file is reported by the first tag that does not fit).
    mutating func readTags(_ visit: (inout Tag) throws(PAGError) -> Void) throws(PAGError) {
        while !isAtEnd {
            let at = offset
            let header = try uint16("a tag header")
            let rawCode = header >> 6
            var length = Int(header & 63)
            if length == 63 { length = Int(try uint32("the length of tag \(rawCode)")) }
            if rawCode == 0 { return }
            guard length <= remainingBytes else {
                let name = TagCode(rawValue: rawCode).map { "the \($0.name) tag" } ?? "tag \(rawCode)"
                throw error(at: at, "\(name) claims \(length) bytes but only \(remainingBytes) remain")
            }
            let body = PAGStream(bytes, file: file, start: offset, end: offset + length)
            _ = try byteRange(length, "a tag body")
            var tag = Tag(rawCode: rawCode, code: TagCode(rawValue: rawCode), offset: at, body: body)
            try visit(&tag)
        }
    }
}

import CYLLottieAnimator

// Text animators: a range selector and the properties it changes on the selected characters,
// read into the shared model's (the same After Effects feature Lottie exports).

extension ValueCodec where V == [Double] {
    /// An encoded unsigned integer alone; keyframe values bit-packed.
    static let uint = ValueCodec(
        one: { (s: inout PAGStream) throws(PAGError) -> [Double] in [Double(try s.encodedUInt32("a number"))] },
        list: { (s: inout PAGStream, n: Int) throws(PAGError) -> [[Double]] in
            let raw = try s.unsignedList(n, "number keyframes")
            return raw.map { [Double($0)] }
        })
}

extension PAGReader {
    /// One TextAnimator tag: its selectors and property tags.
    mutating func readTextAnimator(_ tag: inout Tag) throws(PAGError) -> TextAnimator {
        var selectors: [TextRangeSelector] = []
        var props = TextAnimatorProperties.none
        try tag.body.readTags { (t: inout Tag) throws(PAGError) in
            guard let code = t.code else { return unknown(t) }
            var s = t.body
            defer { t.body = s }
            let name = "the \(code.name) tag"
            switch code {
            case .textRangeSelector:
                selectors.append(try readRangeSelector(&s, name, at: t.offset))
            case .textWigglySelector:
                note(t.offset, "wiggly text selectors are not drawn (their animator selects by its range selectors alone, or everything)", .approximated)
            case .textAnimatorPropertiesTrackingType:
                // 0: half before each character and half after, 1: before, 2: after.
                var b = try AttributeBlock([.discreteProperty], tag: name, &s)
                let type = try b.property(&s, .byte, [0], "the tracking type")
                if type.isAnimated { note(t.offset, "an animated tracking type keeps its first value", .approximated) }
                switch type.initialValue.first ?? 0 {
                case 1: props.trackingBefore = 1
                case 2: props.trackingBefore = 0
                default: props.trackingBefore = 0.5
                }
            case .textAnimatorPropertiesTrackingAmount:
                var b = try AttributeBlock([.simpleProperty], tag: name, &s)
                props.tracking = try b.property(&s, .float, [0], "the tracking").vector
            case .textAnimatorPropertiesPosition:
                var b = try AttributeBlock([.spatialProperty], tag: name, &s)
                props.position = try b.property(&s, .spatialPoint, [0, 0], "the position").vector
            case .textAnimatorPropertiesScale:
                var b = try AttributeBlock([.multiDimensionProperty], tag: name, &s)
                props.scale = try b.property(&s, .scale, [100, 100], "the scale").vector
            case .textAnimatorPropertiesRotation:
                var b = try AttributeBlock([.simpleProperty], tag: name, &s)
                props.rotation = try b.property(&s, .float, [0], "the rotation").vector
            case .textAnimatorPropertiesOpacity:
                var b = try AttributeBlock([.simpleProperty], tag: name, &s)
                props.opacity = try b.property(&s, .opacity, [100], "the opacity").vector
            case .textAnimatorPropertiesFillColor:
                var b = try AttributeBlock([.simpleProperty], tag: name, &s)
                props.fillColor = try b.property(&s, .color, [1, 0, 0], "the fill colour").vector
            case .textAnimatorPropertiesStrokeColor:
                var b = try AttributeBlock([.simpleProperty], tag: name, &s)
                props.strokeColor = try b.property(&s, .color, [1, 0, 0], "the stroke colour").vector
            default:
                note(t.offset, "\(t.description) is not expected in a text animator; skipped", .unknownTag)
            }
        }
        return TextAnimator.make(selectors, props)
    }

    /// A range selector: start, end, offset (fractions, or characters when by index), units,
    /// basis, mode, amount (a fraction), shape, smoothness, ease high and low, random order.
    private mutating func readRangeSelector(_ s: inout PAGStream, _ name: String, at offset: Int) throws(PAGError) -> TextRangeSelector {
        var b = try AttributeBlock([.simpleProperty, .simpleProperty, .simpleProperty, .value, .value, .discreteProperty,
                                    .simpleProperty, .value, .simpleProperty, .simpleProperty, .simpleProperty, .bitFlag,
                                    .simpleProperty], tag: name, &s)
        let start = try b.property(&s, .float, [0], "the selector start")
        let end = try b.property(&s, .float, [1], "the selector end")
        let shift = try b.property(&s, .float, [0], "the selector offset")
        let units = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) -> UInt8 in try s.uint8("the selector units") }
        let basedOn = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) -> UInt8 in try s.uint8("the selector basis") }
        let mode = try b.property(&s, .byte, [1], "the selector mode")
        let amount = try b.property(&s, .float, [1], "the selector amount")
        let shape = try b.value(&s, 0) { (s: inout PAGStream) throws(PAGError) -> UInt8 in try s.uint8("the selector shape") }
        let smoothness = try b.property(&s, .float, [1], "the selector smoothness")
        let easeHigh = try b.property(&s, .float, [0], "the selector ease high")
        let easeLow = try b.property(&s, .float, [0], "the selector ease low")
        let random = b.bitFlag()
        _ = try b.property(&s, .uint, [0], "the random seed")
        var sel = TextRangeSelector.all
        sel.byIndex = units == 1
        // Percentages are stored as fractions; the model's are percent.
        sel.start = sel.byIndex ? start.vector : start.percent
        sel.end = sel.byIndex ? end.vector : end.percent
        sel.offset = sel.byIndex ? shift.vector : shift.percent
        sel.amount = amount.percent
        sel.base = [.characters, .charactersExcludingSpaces, .words, .lines][Int(min(basedOn, 3))]
        sel.shape = [.square, .rampUp, .rampDown, .triangle, .round, .smooth][Int(min(shape, 5))]
        // 0 none (add), 1 add, 2 subtract, 3 intersect, 4 min, 5 max, 6 difference.
        let modes: [TextSelectorMode] = [.add, .add, .subtract, .intersect, .min, .max, .difference]
        sel.mode = modes[Int(min(mode.initialValue.first ?? 1, 6))]
        if mode.isAnimated { note(offset, "an animated text selector mode keeps its first value", .approximated) }
        if random || smoothness.initialValue != [1] || easeHigh.initialValue != [0] || easeLow.initialValue != [0] {
            note(offset, "text selector smoothness, easing and random order are not drawn", .approximated)
        }
        return sel
    }
}

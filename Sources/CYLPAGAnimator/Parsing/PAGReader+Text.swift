import CYLGeometry
import CYLLottieAnimator

/// A text document as a PAG file stores it (the TextSource tags): its text, font (an index into
/// the file's font table), size, colours, paragraph settings and box.
struct PAGTextDocument: Sendable, Equatable {
    var applyFill = true
    var applyStroke = false
    var boxText = false
    var fauxBold = false
    var fauxItalic = false
    var strokeOverFill = true
    var baselineShift = 0.0
    /// Box text: the first baseline's y, in the layer (the box's top is `boxPosition.y`).
    var firstBaseline = 0.0
    var boxPosition = Point(0, 0)
    var boxSize = Point(0, 0)
    var fillColor: [Double] = [0, 0, 0]
    var fontSize = 24.0
    var strokeColor: [Double] = [0, 0, 0]
    var strokeWidth = 1.0
    var text = ""
    /// 0 left, 1 centre, 2 right, 3-6 justified (last line left, right, centre, full).
    var justification: UInt8 = 0
    /// Distance between baselines; 0: 1.2 × the size, rounded (libpag's rule).
    var leading = 0.0
    /// 1/1000 em after each character.
    var tracking = 0.0
    /// 0 default, 1 horizontal, 2 vertical (TextSourceV3 only).
    var direction: UInt8 = 0
    /// The box drawn under the lines (TextSourceV2 on; libpag draws it when the alpha is not 0).
    var backgroundColor: [Double] = [1, 1, 1]
    var backgroundAlpha: UInt8 = 0
    var fontID: Int = -1
}

extension PAGReader {
    /// The layer's source text (TextSource, V2, V3): one discrete property of documents.
    mutating func readTextSource(_ tag: inout Tag, _ code: TagCode) throws(PAGError) -> PAGProperty<PAGTextDocument> {
        var s = tag.body
        defer { tag.body = s }
        var b = try AttributeBlock([.discreteProperty], tag: "the \(code.name) tag", &s)
        let version = code == .textSource ? 1 : code == .textSourceV2 ? 2 : 3
        let codec = ValueCodec<PAGTextDocument>(one: { (s: inout PAGStream) throws(PAGError) -> PAGTextDocument in
            try s.textDocument(version: version)
        })
        return try b.property(&s, codec, PAGTextDocument(), "the source text")
    }
}

extension PAGStream {
    /// One text document block (from the next whole byte): flags of its attributes, then values.
    mutating func textDocument(version: Int) throws(PAGError) -> PAGTextDocument {
        alignToByte()
        var kinds: [AttributeKind] = Array(repeating: .bitFlag, count: 6) + Array(repeating: .value, count: 12)
        if version >= 2 { kinds += [.value, .value] }
        if version >= 3 { kinds.append(.value) }
        kinds.append(.custom)
        var b = try AttributeBlock(kinds, tag: "a text document", &self)
        var d = PAGTextDocument()
        d.applyFill = b.bitFlag()
        d.applyStroke = b.bitFlag()
        d.boxText = b.bitFlag()
        d.fauxBold = b.bitFlag()
        d.fauxItalic = b.bitFlag()
        d.strokeOverFill = b.bitFlag()
        let float = { (s: inout PAGStream) throws(PAGError) -> Double in try s.float("a text value") }
        let point = { (s: inout PAGStream) throws(PAGError) -> Point in Point(try s.float("a text point"), try s.float("a text point")) }
        let color = { (s: inout PAGStream) throws(PAGError) -> [Double] in try ValueCodec<[Double]>.color.one(&s) }
        d.baselineShift = try b.value(&self, 0, float)
        d.firstBaseline = try b.value(&self, 0, float)
        d.boxPosition = try b.value(&self, Point(0, 0), point)
        d.boxSize = try b.value(&self, Point(0, 0), point)
        d.fillColor = try b.value(&self, [0, 0, 0], color)
        d.fontSize = try b.value(&self, 24, float)
        d.strokeColor = try b.value(&self, [0, 0, 0], color)
        d.strokeWidth = try b.value(&self, 1, float)
        d.text = try b.value(&self, "") { (s: inout PAGStream) throws(PAGError) -> String in try s.string("the text") }
        d.justification = try b.value(&self, 0) { (s: inout PAGStream) throws(PAGError) -> UInt8 in try s.uint8("the justification") }
        d.leading = try b.value(&self, 0, float)
        d.tracking = try b.value(&self, 0, float)
        // The defaults of values a document leaves out are the codec's: an opaque white
        // background (exporters write the alpha when there is none), vertical text.
        if version >= 2 {
            d.backgroundColor = try b.value(&self, [1, 1, 1], color)
            d.backgroundAlpha = try b.value(&self, 255) { (s: inout PAGStream) throws(PAGError) -> UInt8 in try s.uint8("the background alpha") }
        }
        if version >= 3 {
            d.direction = try b.value(&self, 2) { (s: inout PAGStream) throws(PAGError) -> UInt8 in try s.uint8("the text direction") }
        }
        if b.custom() { d.fontID = Int(try encodedUInt32("the font id")) }
        return d
    }
}

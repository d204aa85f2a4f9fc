import CYLPAGAnimator
import CYLRaster
import CYLTimeline
import Testing

/// Malformed PAG files are errors naming the byte where the trouble starts, never crashes or
/// allocations the data cannot back; what the reader does not know is skipped with a warning.
/// Offsets are worked out from the bytes `PAGWriter` lays down, not read back from the reader.
@Suite struct PAGReaderErrorTests {
    /// The 9-byte file header (`PAG`, version, body length, compression) before the first tag.
    static let body = 9

    static func failure(_ bytes: [UInt8]) -> OpenError? {
        do {
            _ = try PAGDocument(bytes: bytes, name: "bad.pag").timeline()
            return nil
        } catch let e as OpenError {
            return e
        } catch {
            Issue.record("not an OpenError: \(error)")
            return nil
        }
    }

    /// Expects opening `bytes` to fail at byte `offset` with exactly `message`.
    static func expectFailure(_ bytes: [UInt8], at offset: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let e = failure(bytes) else {
            Issue.record("opened without an error; expected \"\(message)\"", sourceLocation: sourceLocation)
            return
        }
        #expect(e.location.offset == offset, "\(e)", sourceLocation: sourceLocation)
        #expect(e.message == message, sourceLocation: sourceLocation)
        #expect("\(e)".hasPrefix("bad.pag:byte \(offset): "), "\(e)", sourceLocation: sourceLocation)
    }

    /// Where `needle` (bytes the writer made) starts in `haystack`; it must occur exactly once.
    static func offset(of needle: [UInt8], in haystack: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var found: [Int] = []
        if needle.count <= haystack.count {
            for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { found.append(i) }
        }
        #expect(found.count == 1, "the writer's bytes occur \(found.count) times", sourceLocation: sourceLocation)
        return found.first ?? -1
    }

    static let shape = PAGWriter.layer(type: 4, id: 7, frames: 10, [PAGWriter.rectangle(50, 40, 40, 20), PAGWriter.fill(0, 0, 255)])

    /// A file whose one composition has `layers`.
    static func file(_ layers: [[UInt8]]) -> [UInt8] {
        PAGWriter.file([PAGWriter.composition(id: 1, width: 100, height: 100, frames: 10, layers: layers)])
    }

    /// A layer whose attributes name `parent`: active, then the parent's flag (after autoOrient), no
    /// other optional attribute, the parent id and the duration.
    static func parentedLayer(id: UInt32, parent: UInt32, _ tags: [[UInt8]]) -> [UInt8] {
        var attributes = PAGBits()
        attributes.flags(true, false, true, false, false, false, false, false)
        attributes.leb(UInt64(parent))
        attributes.leb(10)
        var body = PAGBits()
        body.u8(4)
        body.leb(UInt64(id))
        return PAGWriter.tag(5, body.bytes + PAGWriter.tag(6, attributes.bytes) + tags.flatMap { $0 } + PAGWriter.end)
    }

    @Test func aFileNotStartingWithPAGIsRefusedAtByte0() {
        let message = "not a PAG file: it does not start with \"PAG\""
        Self.expectFailure(Array("GIF89a, not a PAG at all".utf8), at: 0, message)
        Self.expectFailure(Array("PAG".utf8), at: 0, message)  // shorter than a header
        Self.expectFailure([], at: 0, message)
    }

    @Test func anEncryptedFileSaysSoAtItsVersionByte() {
        let bytes = PAGWriter.file([PAGWriter.composition(id: 1, width: 10, height: 10, frames: 1, layers: [])], version: 3)
        Self.expectFailure(bytes, at: 3, "the file is encrypted (version 3); only libpag with its key can read it")
    }

    @Test(arguments: [("Z", "zlib"), ("L", "LZMA")])
    func aCompressedBodyIsAClearErrorAtItsCompressionByte(_ byte: String, _ name: String) {
        let bytes = PAGWriter.file([PAGWriter.composition(id: 1, width: 10, height: 10, frames: 1, layers: [])],
                                   compression: UInt8(ascii: byte.unicodeScalars.first!))
        Self.expectFailure(bytes, at: 8, "the body is compressed (\(name)); libpag itself reads only uncompressed bodies")
    }

    @Test func aTruncatedTagNamesItsHeaderByte() {
        let comp = PAGWriter.composition(id: 1, width: 100, height: 100, frames: 10, layers: [Self.shape])
        let whole = PAGWriter.file([comp])
        #expect(comp.count < 65)  // a short header: 2 bytes, the length in its low 6 bits
        // Cut inside the composition: its header at byte 9 claims its body, of which 5 bytes are gone.
        let cut = Array(whole.prefix(Self.body + comp.count - 5))
        Self.expectFailure(cut, at: Self.body,
                           "the VectorCompositionBlock tag claims \(comp.count - 2) bytes but only \(comp.count - 7) remain")
    }

    @Test func aNestedTagRunningPastItsParentNamesItsOwnHeader() {
        // The layer's header says 62 bytes; its composition's body ends long before.
        var layer = Self.shape
        #expect(layer.count - 2 < 62)
        layer[0] = layer[0] & 0xc0 | 62
        let bytes = Self.file([layer])
        let at = Self.offset(of: layer, in: bytes)
        let remaining = bytes.count - 2 /* the file's End, after the composition's body */ - at - 2 /* the layer's header */
        Self.expectFailure(bytes, at: at, "the LayerBlock tag claims 62 bytes but only \(remaining) remain")
    }

    @Test func aFileWithoutACompositionIsAnError() {
        Self.expectFailure(PAGWriter.file([]), at: Self.body, "the file has no composition")
        // Tags that are not compositions do not make one.
        Self.expectFailure(PAGWriter.file([PAGWriter.tag(31, [0, 0])]), at: Self.body, "the file has no composition")
    }

    /// 2^31 - 1 keyframes: were the tables of kinds and times reserved before the count is
    /// checked, that would be gigabytes (the test process would die, not fail).
    @Test(arguments: [1_000_000, Int(Int32.max)])
    func aKeyframeCountTheDataCannotHoldIsRefusedAtTheCount(_ n: Int) {
        // A transform whose opacity is animated with `n` keyframes, and 3 bytes of data.
        var b = PAGBits()
        b.flags(false, false, false, false, false, false, true, true)
        b.leb(UInt64(n))
        b.raw([0, 0, 0])
        let transform = PAGWriter.tag(13, b.bytes)
        let bytes = Self.file([PAGWriter.layer(type: 4, id: 1, frames: 10, [transform])])
        let count = Self.offset(of: transform, in: bytes) + 2 /* header */ + 1 /* flags */
        Self.expectFailure(bytes, at: count,
                           "the number of keyframes of the opacity in the Transform2D tag is \(n), more than the 3 bytes left can hold")
    }

    @Test func aPathWithAHugeVerbCountIsRefusedAtTheCount() {
        // A ShapePath whose path (present, not animated) claims 2^31 - 1 verbs in 4 bytes.
        var b = PAGBits()
        b.flags(true, false)
        b.leb(UInt64(Int32.max))
        b.raw([0xff, 0xff, 0xff, 0xff])
        let path = PAGWriter.tag(19, b.bytes)
        let bytes = Self.file([PAGWriter.layer(type: 4, id: 1, frames: 10, [path, PAGWriter.fill(1, 2, 3)])])
        let count = Self.offset(of: path, in: bytes) + 2 + 1
        Self.expectFailure(bytes, at: count, "the number of path verbs is 2147483647, more than the 4 bytes left can hold")
        // Past Int32: the count itself is out of range.
        var c = PAGBits()
        c.flags(true, false)
        c.leb(UInt64(UInt32.max))
        let huge = PAGWriter.tag(19, c.bytes)
        let bytes2 = Self.file([PAGWriter.layer(type: 4, id: 1, frames: 10, [huge])])
        Self.expectFailure(bytes2, at: Self.offset(of: huge, in: bytes2) + 3,
                           "the number of path verbs is 4294967295, more than the 0 bytes left can hold")
    }

    @Test func aCompositionThatContainsItselfIsAnError() {
        let selfRef = PAGWriter.layer(type: 6, id: 9, frames: 10, [PAGWriter.compositionReference(1)])
        let bytes = Self.file([selfRef])
        Self.expectFailure(bytes, at: Self.offset(of: selfRef, in: bytes), "composition 1 contains itself (through layer 9)")

        // Through another: 3 (the root) shows 2, which shows 3.
        let toThree = PAGWriter.layer(type: 6, id: 4, frames: 10, [PAGWriter.compositionReference(3)])
        let toTwo = PAGWriter.layer(type: 6, id: 5, frames: 10, [PAGWriter.compositionReference(2)])
        let loop = PAGWriter.file([
            PAGWriter.composition(id: 2, width: 10, height: 10, frames: 10, layers: [toThree]),
            PAGWriter.composition(id: 3, width: 10, height: 10, frames: 10, layers: [toTwo]),
        ])
        Self.expectFailure(loop, at: Self.offset(of: toThree, in: loop), "composition 3 contains itself (through layer 4)")
    }

    @Test func layersWhoseParentsFormACycleAreAnError() {
        let one = Self.parentedLayer(id: 1, parent: 2, [PAGWriter.rectangle(5, 5, 5, 5), PAGWriter.fill(0, 0, 0)])
        let two = Self.parentedLayer(id: 2, parent: 1, [])
        let bytes = Self.file([one, two])
        Self.expectFailure(bytes, at: Self.offset(of: one, in: bytes), "layer 1's parents form a cycle")
    }

    @Test func unknownTagsAreSkippedWithAWarningAndTheFileStillRenders() throws {
        let unknownTop = PAGWriter.tag(500, [1, 2, 3])
        let unknownInLayer = PAGWriter.tag(501, [4, 5])
        let layer = PAGWriter.layer(type: 4, id: 7, frames: 10, [unknownInLayer, PAGWriter.rectangle(50, 40, 40, 20), PAGWriter.fill(0, 0, 255)])
        let bytes = PAGWriter.file([unknownTop, PAGWriter.composition(id: 1, width: 100, height: 100, frames: 10, layers: [layer])])
        let doc = try PAGDocument(bytes: bytes, name: "new.pag")
        let top = Self.offset(of: unknownTop, in: bytes), inLayer = Self.offset(of: unknownInLayer, in: bytes)
        #expect(top == Self.body)
        #expect(doc.diagnostics.contains(Diagnostic(.warning, at: "byte \(top)", "tag 500 is not known to this reader (a newer exporter's); skipped")),
                "\(doc.diagnostics)")
        #expect(doc.diagnostics.contains(Diagnostic(.warning, at: "byte \(inLayer)", "tag 501 is not known to this reader (a newer exporter's); skipped")),
                "\(doc.diagnostics)")
        #expect(doc.diagnostics.allSatisfy { $0.severity == .warning })
        // The rectangle is drawn as in the file without the unknown tags: 40 x 20 on pixel bounds.
        let p = try doc.timeline().render(frame: 0, size: PixelSize(100, 100))
        #expect(PAGReaderTests.coveredPixels(p) == 800)
        #expect(PAGReaderTests.pixel(p, 50, 40) == (0, 0, 255, 255))
    }
}

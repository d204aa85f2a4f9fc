import CYLTimeline
import Foundation
import Testing
@testable import CYLRiveAnimator

/// Malformed files are errors naming the byte where the trouble starts, never crashes.
@Suite struct ReaderErrorTests {
    typealias T = RiveTypeKey
    typealias P = RivePropertyKey

    func read(_ bytes: [UInt8], limits: Limits = .standard) throws(RiveError) -> RiveFileModel {
        try RiveReader.read(bytes, name: "test.riv", limits: limits)
    }

    func failure(_ bytes: [UInt8], limits: Limits = .standard) -> RiveError? {
        do { _ = try read(bytes, limits: limits); return nil } catch { return error }
    }

    /// Expects reading `bytes` to fail at byte `offset` (nil: the whole file) with exactly `message`.
    func expectFailure(_ bytes: [UInt8], limits: Limits = .standard, at offset: Int?, _ message: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let e = failure(bytes, limits: limits) else {
            Issue.record("read without an error; expected \"\(message)\"", sourceLocation: sourceLocation)
            return
        }
        #expect(e.byteOffset == offset, "\(e)", sourceLocation: sourceLocation)
        #expect(e.message == message, sourceLocation: sourceLocation)
    }

    @Test func aWellFormedFileReads() throws {
        let model = try read(RiveWriter.rectangleArtboard().bytes)
        #expect(model.artboards.count == 1)
        #expect(model.artboards[0].name == "Board")
        #expect(model.artboards[0].width == 100 && model.artboards[0].height == 50)
        #expect(model.artboards[0].objects.count == 5)
        #expect(model.artboards[0].objects[1]?.name == "Box")
    }

    /// FuzzRive: an artboard 1e300 wide trapped converting its size to the canvas's Int.
    @Test(arguments: [1e300, -5, Double.nan, Double.infinity, 100_001])
    func anArtboardOfAbsurdSizeIsAnError(_ width: Double) {
        let f = RiveWriter.rectangleArtboard(width: width)
        do {
            _ = try RiveDocument(bytes: f.bytes, name: "huge.riv")
            Issue.record("an artboard \(width) wide opened")
        } catch {
            #expect("\(error)".contains("huge.riv") && "\(error)".contains("invalid size"), "\(error)")
        }
    }

    /// Artboards each nesting `copies` of the next one, `levels` deep.
    static func nestingArtboards(levels: Int, copies: Int) -> [UInt8] {
        var f = RiveWriter()
        f.object(T.backboard)
        for level in 0..<levels {
            f.object(T.artboard, [(P.componentName, .s("Level \(level)")), (P.layoutComponentWidth, .d(10)),
                                  (P.layoutComponentHeight, .d(10))])
            guard level + 1 < levels else { continue }
            for _ in 0..<copies {
                f.object(T.nestedArtboard, [(P.componentParentId, .u(0)), (P.nestedArtboardArtboardId, .u(UInt64(level + 1)))])
            }
        }
        return f.bytes
    }

    /// FuzzRive: a few hundred bytes of artboards nesting copies of each other multiplied into
    /// tens of millions of components and ran out of memory. Nested copies count against
    /// --max-objects: 8 copies 10 levels deep would be 8^9 artboards.
    @Test func nestedArtboardsThatMultiplyPastTheObjectLimitAreAnError() throws {
        // A low limit keeps the test quick (reaching the default builds 500 000 components).
        var options = OpenOptions()
        options.limits.maxObjects = 20_000
        do {
            _ = try RiveDocument(bytes: Self.nestingArtboards(levels: 10, copies: 8), name: "nest.riv", options: options)
            Issue.record("8^9 nested artboards opened")
        } catch {
            #expect("\(error)".contains("nest.riv") && "\(error)".contains("more than 20000 objects (Limits.maxObjects)"), "\(error)")
        }
        // Three levels of 8 copies is 1 + 8 + 64 artboards of 9, 9 and 1 objects: 9 + 72 + 64 = 145.
        let small = Self.nestingArtboards(levels: 3, copies: 8)
        _ = try RiveDocument(bytes: small, name: "nest.riv")
        options.limits.maxObjects = 145
        _ = try RiveDocument(bytes: small, name: "nest.riv", options: options)
        options.limits.maxObjects = 144
        #expect(throws: OpenError.self) { try RiveDocument(bytes: small, name: "nest.riv", options: options) }
        // Without options, the budget is the default object limit, and every copy counts.
        let scene = RiveScene(file: try RiveReader.read(small, name: "nest.riv", limits: .standard), artboard: 0, choice: .none, limits: .standard)
        #expect(scene.artboard.budget.limit == Limits.defaultMaxObjects && scene.artboard.budget.used == 145)
    }

    /// The input FuzzRive found (a mutated corpus file): its nested artboards multiply past any
    /// limit. A low limit keeps the test quick; the default is reached the same way.
    @Test func theFuzzedNestingFileIsAnError() throws {
        let url = LifetimeTests.regressions.appendingPathComponent("oom-nested-artboards-multiply.riv")
        var options = OpenOptions()
        options.limits.maxObjects = 10_000
        do {
            _ = try RiveDocument(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent, options: options)
            Issue.record("the multiplying file opened")
        } catch {
            #expect("\(error)".contains("more than 10000 objects"), "\(error)")
        }
    }

    @Test func wrongMagicIsRefused() {
        expectFailure(Array("RIVX\u{7}\u{0}".utf8), at: 0, "not a Rive file: it does not start with \"RIVE\"")
    }

    @Test func otherMajorVersionsAreRefusedAtTheVersionByte() {
        // "RIVE" takes bytes 0-3; the major version is the varuint at 4.
        expectFailure(RiveWriter(major: 6).bytes, at: 4, "unsupported format version 6.0 (this reader reads version 7.x)")
    }

    /// Cuts of `RiveWriter.rectangleArtboard()`, whose every key, type key and count is below 128
    /// and so one varuint byte. Its layout: "RIVE" 0-3, major 7 at 4, minor 0 at 5, file id 1 at 6,
    /// the table of contents' closing 0 at 7; the backboard 8-9 (type key 23, 0). The artboard
    /// starts at 10: type key 1; name (key 4 at 11, length 5 at 12, "Board" 13-17); width (key 7
    /// at 18, float 19-22); height (key 8 at 23, float 24-27); its 0 at 28. The shape starts at 29:
    /// type key 3; name (key 4 at 30, length 3 at 31, "Box" 32-34); parent (key 5 at 35, 0 at 36);
    /// x (key 13 at 37, float 38-41); y (key 14 at 42, float 43-46); its 0 at 47. The rectangle
    /// starts at 48 and its 0 is at 61.
    @Test(arguments: [
        (5, 5, "the file ends inside the minor version"),
        (7, 7, "the file ends inside the table of contents"),
        (11, 11, "the file ends inside a property key of the object at byte 10"),
        (15, 12, "the value of property 4 claims 5 bytes but only 2 remain"),
        (20, 19, "the file ends inside the value of property 7"),
        (36, 36, "the file ends inside the value of property 5"),
        (40, 38, "the file ends inside the value of property 13"),
        (61, 61, "the file ends inside a property key of the object at byte 48"),
    ])
    func aTruncationIsAnErrorWhereTheCutValueStarts(_ cut: Int, _ offset: Int, _ message: String) {
        let f = RiveWriter.rectangleArtboard()
        #expect(f.offsets == [8, 10, 29, 48, 62, 66] && f.bytes.count == 75, "the layout the comment works from")
        expectFailure(Array(f.bytes.prefix(cut)), at: offset, message)
    }

    /// What reading the first `n` bytes of `f` must report, worked out from where `f` wrote each
    /// part (header as in `RiveWriter()`): the offset and message of the error, or nil when the
    /// prefix ends between objects and holds an artboard, which reads.
    static func truncationError(_ f: RiveWriter, _ n: Int) -> (offset: Int?, message: String)? {
        let header = ["the major version", "the minor version", "the file id", "the table of contents"]
        if n < 4 { return (0, "not a Rive file: it does not start with \"RIVE\"") }
        if n < 8 { return (n, "the file ends inside \(header[n - 4])") }
        guard let i = f.offsets.lastIndex(where: { $0 < n }), n <= f.ends[i] else {
            // Whole objects: the artboard is object 1, after the backboard.
            return n > f.offsets[1] ? nil : (nil, "the file has no artboard")
        }
        let keyMessage = "the file ends inside a property key of the object at byte \(f.offsets[i])"
        for p in f.layouts[i] where n < p.endAt {
            if n < p.valueAt { return (p.keyAt, keyMessage) }
            if case .s(let text) = p.value, n >= p.dataAt {
                return (p.valueAt, "the value of property \(p.key) claims \(text.utf8.count) bytes but only \(n - p.dataAt) remain")
            }
            let what = p.dataAt == p.valueAt ? "the value" : "the length of the value"
            return (p.valueAt, "the file ends inside \(what) of property \(p.key)")
        }
        return (f.ends[i], keyMessage)
    }

    @Test func everyPrefixOfAFileIsAnErrorWhereTheCutPartStartsOrReads() throws {
        let f = RiveWriter.rectangleArtboard()
        var errors = 0
        for n in 0...f.bytes.count {
            let prefix = Array(f.bytes.prefix(n))
            if let (offset, message) = Self.truncationError(f, n) {
                errors += 1
                expectFailure(prefix, at: offset, message)
            } else {
                // The artboard holds the objects read whole after it.
                let model = try read(prefix)
                #expect(model.artboards[0].objects.count == f.offsets.filter { $0 < n }.count - 1, "prefix of \(n)")
            }
        }
        // Every prefix but the whole file and the four that end after the artboard, shape,
        // rectangle and fill fails.
        #expect(errors == f.bytes.count + 1 - 5)
    }

    @Test func aStringLongerThanTheFileIsRefused() {
        var f = RiveWriter()
        f.object(T.artboard, [(P.componentName, .raw([0xff, 0xff, 0xff, 0x7f]))])
        // The type key and the property key take a byte each; the length follows: 7 bits of
        // each of its four bytes, 2^28 - 1. Only the object's closing 0 follows it.
        expectFailure(f.bytes, at: f.offsets[0] + 2, "the value of property 4 claims 268435455 bytes but only 1 remain")
    }

    @Test func anUnknownPropertyMissingFromTheTableIsRefused() {
        var f = RiveWriter()
        f.object(T.artboard, [(9999, .u(1))])
        // The property key follows the one-byte type key.
        expectFailure(f.bytes, at: f.offsets[0] + 1, "unknown property key 9999 on Artboard, not listed in the table of contents")
    }

    @Test func anUnknownPropertyListedInTheTableIsSkippedByItsFieldType() throws {
        // 9999 as a float (code 2), 9998 as a string (code 1).
        var f = RiveWriter(toc: [(9999, 2), (9998, 1)])
        f.object(T.artboard, [(9999, .d(1.5)), (9998, .s("ignored")), (P.layoutComponentWidth, .d(64))])
        let model = try read(f.bytes)
        #expect(model.artboards[0].width == 64)
    }

    @Test func anUnknownObjectTypeKeepsItsSlot() throws {
        var f = RiveWriter.rectangleArtboard()
        f.object(4242, [])  // slot 5
        f.object(T.node, [(P.componentParentId, .u(0))])  // slot 6
        let model = try read(f.bytes)
        #expect(model.artboards[0].objects.count == 7)
        #expect(model.artboards[0].objects[5] == nil)
        #expect(model.artboards[0].objects[6]?.typeKey == T.node)
        #expect(model.diagnostics.contains { $0.message.contains("unknown object type 4242") })
    }

    @Test func aParentPastTheEndIsAnErrorAtTheObject() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.node, [(P.componentParentId, .u(99))])
        // The artboard's objects: the artboard, shape, rectangle, fill, colour and this node.
        expectFailure(f.bytes, at: f.offsets.last, "Node \"\": parent 99 is out of range (the artboard has 6 objects)")
    }

    @Test func aCycleOfParentsIsAnError() {
        var f = RiveWriter()
        f.object(T.artboard, [])
        f.object(T.node, [(P.componentParentId, .u(2))])  // 1 -> 2
        f.object(T.node, [(P.componentParentId, .u(1))])  // 2 -> 1
        // The walk starts from node 1 (the first object after the artboard) and comes back to it.
        expectFailure(f.bytes, at: f.offsets[1], "Node \"\": its parents form a cycle")
    }

    @Test func anOrphanUnderANonContainerDropsOut() throws {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.node, [(P.componentParentId, .u(4))])  // parent: the solid colour, not a container
        let model = try read(f.bytes)
        #expect(model.artboards[0].objects[5] == nil)
    }

    @Test func theObjectLimitIsEnforced() {
        var limits = Limits()
        limits.maxObjects = 3
        // The backboard, artboard and shape read; the fourth object (the rectangle) is refused where it starts.
        let f = RiveWriter.rectangleArtboard()
        expectFailure(f.bytes, limits: limits, at: f.offsets[3], "more than 3 objects (Limits.maxObjects)")
    }

    @Test func aFileWithoutArtboardsIsAnError() {
        var f = RiveWriter()
        f.object(T.backboard)
        // Nothing in the file is at fault, so the error names no byte.
        expectFailure(f.bytes, at: nil, "the file has no artboard")
    }

    @Test func aTransitionToAMissingStateIsAnError() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.stateMachine, [(P.animationName, .s("SM"))])
        f.object(T.stateMachineLayer, [])
        f.object(T.entryState, [])
        f.object(T.stateTransition, [(P.stateTransitionStateToId, .u(7))])
        f.object(T.anyState, [])
        f.object(T.exitState, [])
        // Layers are checked when their artboard (object 1, after the backboard) is finished.
        expectFailure(f.bytes, at: f.offsets[1],
                      "artboard \"Board\": a transition in layer \"\" of state machine 0 goes to state 7, but the layer has 3")
    }

    @Test func aLayerWithoutItsSystemStatesIsAnError() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.stateMachine, [])
        f.object(T.stateMachineLayer, [])
        f.object(T.entryState, [])
        expectFailure(f.bytes, at: f.offsets[1], "artboard \"Board\": layer \"\" of state machine \"\" lacks its entry, any or exit state")
    }

    @Test func keyframesOutsideAnAnimationAreAnError() {
        var f = RiveWriter.rectangleArtboard()
        f.object(T.keyFrameDouble, [(P.keyFrameDoubleValue, .d(1))])
        expectFailure(f.bytes, at: f.offsets.last, "KeyFrameDouble: a keyframe outside any keyed property")
    }

    /// A varuint's tenth byte holds bit 63 only, so any value above 1 there overflows 64 bits.
    @Test func aHugeVarintIsRefusedWhereItStarts() {
        var f = RiveWriter()
        let start = f.bytes.count  // the header's 8 bytes: the varint is the first object's type key
        f.bytes += [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]
        expectFailure(f.bytes, at: start, "an object's type key does not fit in 64 bits")
    }

    /// Keys and counts must fit in 31 bits: 0x80 0x80 0x80 0x80 0x08 is 8 << 28 = 2^31.
    @Test func aKeyPastInt32IsRefusedWhereItStarts() {
        var f = RiveWriter()
        let start = f.bytes.count
        f.bytes += [0x80, 0x80, 0x80, 0x80, 0x08, 0x00]
        expectFailure(f.bytes, at: start, "an object's type key is 2147483648, out of range")
    }
}
